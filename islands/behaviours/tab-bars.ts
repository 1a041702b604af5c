// A tab bar that scrolls sideways on a phone (the project's tabs, the console's, Settings') shows
// that it does: the edge with more tabs beyond it fades under an arrow, and a tap on the arrow
// scrolls on. The bar opens with its current tab in view instead of cut off at the right. Plain
// DOM, no React; only the bar scrolls, never the page. Without this script the bar still scrolls.
const EDGE_PX = 2;

function mark(scroller: HTMLElement, bar: HTMLElement): void {
  const end = bar.scrollWidth - bar.clientWidth;
  scroller.toggleAttribute("data-more-start", bar.scrollLeft > EDGE_PX);
  scroller.toggleAttribute("data-more-end", bar.scrollLeft < end - EDGE_PX);
}

for (const scroller of document.querySelectorAll<HTMLElement>("[data-tab-scroller]")) {
  const bar = scroller.querySelector<HTMLElement>("nav");
  if (!bar) continue;
  const current = bar.querySelector<HTMLElement>("[aria-current='page']");
  // Where this script last put the bar: a bar scrolled since is the user's, and stays.
  let placed = bar.scrollLeft;
  const showCurrent = () => {
    if (current && bar.scrollWidth > bar.clientWidth) {
      const offset = current.getBoundingClientRect().left - bar.getBoundingClientRect().left;
      bar.scrollLeft += offset - (bar.clientWidth - current.offsetWidth) / 2;
    }
    placed = bar.scrollLeft;
    mark(scroller, bar);
  };
  showCurrent();
  // The tabs widen when the web font arrives, which can be after `document.fonts.ready` has
  // settled: a bar that fitted in the fallback font may not. The current tab's own resize says so.
  const again = () => {
    if (bar.scrollLeft === placed) showCurrent();
  };
  void document.fonts.ready.then(again);
  if (current) new ResizeObserver(again).observe(current);
  bar.addEventListener("scroll", () => mark(scroller, bar), { passive: true });
  new ResizeObserver(() => mark(scroller, bar)).observe(bar);
  // Chromium leaves a tab that Tab reaches half cut off when part of it shows: bring it all in,
  // clear of the arrows (the bar's scroll-padding).
  bar.addEventListener("focusin", (event) => {
    if (event.target instanceof HTMLElement) event.target.scrollIntoView({ block: "nearest", inline: "nearest" });
  });
  scroller.addEventListener("click", (event) => {
    const arrow = event.target instanceof Element ? event.target.closest<HTMLElement>("[data-scroll-by]") : null;
    if (!arrow) return;
    bar.scrollBy({ left: Number(arrow.dataset.scrollBy) * bar.clientWidth * 0.7, behavior: "smooth" });
  });
  // Browser tests wait for this rather than for a fixed time.
  scroller.dataset.tabScroller = "ready";
}
