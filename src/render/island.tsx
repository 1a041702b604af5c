// Server side of an island: renders the component's HTML inside an element that names the
// island, carries its JSON props and the URL of its bundle; islands/loader.ts hydrates it.
// `hydrate` defers it (React, bundle and all): see islands/loader.ts.
import { Provider, createStore } from "jotai";
import { type ComponentProps, type ComponentType, createContext, use } from "react";
import { type IslandName, islandComponents } from "../../islands/registry";
import type { Assets } from "../lib/built-assets";

export const AssetsContext = createContext<Assets | null>(null);

export function Island<N extends IslandName>(props: {
  name: N;
  props: ComponentProps<(typeof islandComponents)[N]>;
  className?: string;
  /**
   * Not at page load: "open" when the enclosing <details> opens or is first hovered or focused;
   * "interaction" on the first pointer, touch or focus inside the island; "idle" when the browser
   * is idle, or earlier on such an interaction. A click before hydration is replayed after it.
   */
  hydrate?: "open" | "interaction" | "idle";
}) {
  const assets = use(AssetsContext);
  if (!assets) throw new Error("Island rendered outside renderPage");
  const src = assets.islands[props.name];
  if (!src) throw new Error(`Island "${props.name}" has no bundle`);
  const Component = islandComponents[props.name] as ComponentType<Record<string, unknown>>;
  return (
    <>
      <script type="module" src={assets.loader} async />
      <div data-island={props.name} data-src={src} data-props={JSON.stringify(props.props)} data-hydrate={props.hydrate} className={props.className}>
        <Provider store={createStore()}>
          <Component {...(props.props as Record<string, unknown>)} />
        </Provider>
      </div>
    </>
  );
}
