// A tab bar that scrolls sideways on a phone (the project's tabs, the console's, Settings') opens
// with its current tab in view instead of cut off at the right. Plain DOM, no React; only the bar
// scrolls, never the page.
for (const current of document.querySelectorAll<HTMLElement>("nav[data-scrolls] [aria-current='page']")) {
  const bar = current.closest<HTMLElement>("nav[data-scrolls]");
  if (!bar || bar.scrollWidth <= bar.clientWidth) continue;
  const offset = current.getBoundingClientRect().left - bar.getBoundingClientRect().left;
  bar.scrollLeft += offset - (bar.clientWidth - current.offsetWidth) / 2;
}
