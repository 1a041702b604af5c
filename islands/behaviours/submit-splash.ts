// The full-screen logo while a sign-in or sign-out is in flight (SPEC.md §2): any form with a
// data-splash attribute shows it with that text once the browser actually submits the form.
// Plain DOM, no React: the sign-in pages need nothing else, so they load a few hundred bytes.
const MARK =
  '<svg class="brand-mark" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="9" fill="var(--tint)"/>' +
  '<path d="M8 11l3.2 11 4.8-8 4.8 8L24 11" fill="none" stroke="var(--on-tint)" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/></svg>';

let shown: HTMLElement | null = null;

document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.dataset.splash || event.defaultPrevented || shown) return;
  shown = document.createElement("div");
  shown.className = "splash";
  shown.setAttribute("role", "status");
  shown.setAttribute("aria-live", "assertive");
  shown.innerHTML = MARK;
  const text = document.createElement("p");
  text.textContent = form.dataset.splash;
  shown.append(text);
  document.body.append(shown);
});

// Coming back with the Back button restores the page from cache: hide the splash again.
window.addEventListener("pageshow", (event) => {
  if (!event.persisted || !shown) return;
  shown.remove();
  shown = null;
});

document.documentElement.dataset.submitSplash = "ready";
