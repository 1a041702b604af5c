// Hydrates every server-rendered island on the page: finds its element, parses its props,
// loads its bundle and hydrates it inside a fresh Jotai store.
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

function hydrateAll(): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")) {
    hydrateIsland(element).catch((error: unknown) => console.error(`Island "${element.dataset.island}" failed to hydrate`, error));
  }
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", hydrateAll, { once: true });
else hydrateAll();
