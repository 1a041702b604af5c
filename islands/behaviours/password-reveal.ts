// Show and hide a password while typing it: every button[data-reveal] switches the input it
// controls between dots and text. The button is rendered hidden, so without this script it
// never shows up doing nothing.
document.addEventListener("click", (event) => {
  const button = event.target instanceof Element ? event.target.closest<HTMLButtonElement>("button[data-reveal]") : null;
  const input = button ? document.getElementById(button.getAttribute("aria-controls") ?? "") : null;
  if (!button || !(input instanceof HTMLInputElement)) return;
  const shown = input.type === "password";
  input.type = shown ? "text" : "password";
  button.setAttribute("aria-pressed", String(shown));
});

function showButtons(): void {
  for (const button of document.querySelectorAll<HTMLButtonElement>("button[data-reveal]")) button.hidden = false;
}

// React puts this async script in the head, so it can run before the form has arrived.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", showButtons, { once: true });
else showButtons();
