// Copies an access code to the clipboard, and says so: every button[data-copy] on the page.
// Plain DOM, no React: the button is server-rendered and works the moment this script runs.
const LABELS = { idle: "Copy code", copied: "Copied", failed: "Select and copy it" } as const;

document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-copy]") : null;
  const label = button?.querySelector("[data-copy-label]");
  if (!button || !label) return;
  try {
    await navigator.clipboard.writeText(button.dataset.copy ?? "");
    label.textContent = LABELS.copied;
  } catch {
    label.textContent = LABELS.failed;
  }
  setTimeout(() => {
    label.textContent = LABELS.idle;
  }, 2_000);
});
