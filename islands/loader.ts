// Hydrates every server-rendered island on the page: finds its element, parses its props,
// loads its bundle and hydrates it inside a fresh Jotai store; islands marked
// data-hydrate="open" wait until their <details> is about to open.
import { Provider, createStore } from "jotai";
import { type ComponentType, createElement } from "react";
import { hydrateRoot } from "react-dom/client";

type IslandModule = { default: ComponentType<Record<string, unknown>> };

async function hydrateIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? "(unnamed)";
  let props: Record<string, unknown>;
  try {
    props = JSON.parse(element.dataset.props ?? "{}") as Record<string, unknown>;
  } catch {
    console.error(`Island "${name}": its props are not valid JSON; it stays static.`);
    return;
  }
  const src = element.dataset.src;
  if (!src) return console.error(`Island "${name}": no bundle to load.`);
  const mod = (await import(src)) as IslandModule;
  hydrateRoot(element, createElement(Provider, { store: createStore() }, createElement(mod.default, props)));
  element.dataset.hydrated = "true";
}

/**
 * Calls `hydrate` now, or for an island marked data-hydrate="open" inside a closed <details>, on
 * the first hover, focus or opening of that details: its bundle loads only for people who use it,
 * and is usually ready by the time the click that opens the menu lands.
 */
function whenWanted(element: HTMLElement, hydrate: () => void): void {
  const details = element.dataset.hydrate === "open" ? element.closest("details") : null;
  if (details && !details.open) {
    const first = new AbortController();
    const once = () => {
      first.abort();
      hydrate();
    };
    for (const type of ["pointerover", "focusin", "toggle"]) details.addEventListener(type, once, { signal: first.signal });
  } else hydrate();
}

function hydrateAll(): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")) {
    whenWanted(element, () => hydrateIsland(element).catch((error: unknown) => console.error(`Island "${element.dataset.island}" failed to hydrate`, error)));
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrateAll, { once: true });
else hydrateAll();
