// Every island the server may render, by name. The name is also its folder under islands/.
import ThemePicker from "./theme-picker";

export const islandComponents = {
  "theme-picker": ThemePicker,
} as const;

export type IslandName = keyof typeof islandComponents;
