// Hydrates one island: its bundle, React's client and a fresh Jotai store around it. Part of the
// runtime every island shares (islands/runtime.ts).
import { Provider, createStore } from "jotai";
import { type ComponentType, type ReactNode, createElement, useEffect } from "react";
import { hydrateRoot } from "react-dom/client";

type IslandModule = { default: ComponentType<Record<string, unknown>> };

/** Calls `onCommit` once React has hydrated what it wraps (a parent's effect runs after its children's). */
function Committed(props: { onCommit: () => void; children?: ReactNode }): ReactNode {
  const { onCommit } = props;
  useEffect(onCommit, [onCommit]);
  return props.children;
}

/** Parses the island's props, loads its bundle and hydrates it; settles once React has committed. */
export async function hydrateIsland(element: HTMLElement): Promise<void> {
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
  await new Promise<void>((resolve) => {
    const onCommit = () => {
      element.dataset.hydrated = "true";
      resolve();
    };
    hydrateRoot(element, createElement(Provider, { store: createStore() }, createElement(Committed, { onCommit }, createElement(mod.default, props))));
  });
}
