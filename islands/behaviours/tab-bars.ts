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

function setUp(): void {
  for (const scroller of document.querySelectorAll<HTMLElement>("[data-tab-scroller]")) {
    const bar = scroller.querySelector<HTMLElement>("nav");
    if (!bar) continue;
    const current = bar.querySelector<HTMLElement>("[aria-current='page']");
    const showCurrent = () => {
      if (current && bar.scrollWidth > bar.clientWidth) {
        const offset = current.getBoundingClientRect().left - bar.getBoundingClientRect().left;
        bar.scrollLeft += offset - (bar.clientWidth - current.offsetWidth) / 2;
      }
      mark(scroller, bar);
    };
    showCurrent();
    // The script can run before the stylesheet or the web font has reached the page (it loads
    // async), when the bar may not scroll yet or its tabs are narrower: the current tab is placed
    // again whenever its size changes and once the page has loaded, until the user moves the bar.
    let moved = false;
    for (const type of ["pointerdown", "wheel", "keydown", "focusin"]) {
      scroller.addEventListener(type, () => (moved = true), { passive: true, once: true });
    }
    const again = () => {
      if (!moved) showCurrent();
    };
    void document.fonts.ready.then(again);
    addEventListener("load", again, { once: true });
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
}

// React puts this async script in the head, so it can run before the body has arrived: then it
// waits for the document to be parsed, as a bar it does not find yet would otherwise never scroll.
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setUp, { once: true });
else setUp();
