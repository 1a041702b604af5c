// Theme and tint codes (SPEC.md §3), shared by the server and the islands.
export const themes = [
  { code: 0, name: "Light", icon: "sun" },
  { code: 1, name: "Dark", icon: "moon" },
  { code: 2, name: "Blue", icon: "water" },
] as const;

export const tints = [
  { code: 0, name: "Blue", color: "#2563eb" },
  { code: 1, name: "Purple", color: "#7c3aed" },
  { code: 2, name: "Mint", color: "#0f766e" },
  { code: 3, name: "Green", color: "#15803d" },
] as const;

/** Applies a theme and tint to the live page at once. */
export function applyAppearance(theme: number, tint: number): void {
  document.documentElement.dataset.theme = String(theme);
  document.documentElement.dataset.tint = String(tint);
}
