// A plain script (islands/behaviours/<name>.ts) for a page whose interaction is too small for an
// island: no React, no loader, a few hundred bytes. The browser runs each script URL once, so a
// page may render the same behaviour more than once.
import { use } from "react";
import { AssetsContext } from "./island";

export type BehaviourName = "submit-splash" | "copy-code" | "tab-bars" | "menus" | "password-reveal" | "one-visit-address";

export function Behaviour(props: { name: BehaviourName }) {
  const assets = use(AssetsContext);
  const src = assets?.behaviours[props.name];
  if (!src) throw new Error(`Behaviour "${props.name}" has no bundle`);
  return <script type="module" src={src} async />;
}
