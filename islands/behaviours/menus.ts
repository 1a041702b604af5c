// The profile menu is a <details> in the header (it opens without JavaScript; its islands hydrate
// when it opens); this closes it the way a menu closes: Escape, with focus back on its button,
// or a press anywhere outside it. Plain DOM, no React.
const OPEN_MENUS = "header details[open]";

document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  for (const menu of document.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS)) {
    const focus = document.activeElement;
    menu.open = false;
    if (!focus || focus === document.body || menu.contains(focus)) menu.querySelector("summary")?.focus();
  }
});

document.addEventListener("pointerdown", (event) => {
  const target = event.target instanceof Node ? event.target : null;
  for (const menu of document.querySelectorAll<HTMLDetailsElement>(OPEN_MENUS)) if (!target || !menu.contains(target)) menu.open = false;
});

// Browser tests wait for this rather than for a fixed time.
document.documentElement.dataset.menus = "ready";
