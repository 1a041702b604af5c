// Markup that comes out the same every time for the same inputs (a user's profile menu, with its
// icons and theme picker island; the landing page's body, which a signed-in visitor's page wraps in
// their own header), rendered to a string once and reused as the inner HTML of its element. React's server render costs several microseconds an element; the profile menu alone
// was a fifth of a signed-in page's CPU. The key must name every input the children read.
import { type ReactNode, use } from "react";
import { renderToString } from "react-dom/server.edge";
import type { Assets } from "../lib/built-assets";
import { AssetsContext } from "./island";

// A bound on memory (an entry is one page's compressed bytes); the oldest entry goes first.
const MAX_ENTRIES = 1000;
type Entry = { scripts: string[]; html: string };
const cachesByAssets = new WeakMap<Assets, Map<string, Entry>>();

// Rendered alone, the children's island scripts come first in the string; React hoists them into
// <head> (once per page) when they are elements, so they are taken out and rendered as such.
const LEADING_SCRIPT = /^<script type="module" src="([^"]+)" async=""><\/script>/;

function toEntry(rendered: string): Entry {
  const scripts: string[] = [];
  let html = rendered;
  for (let match = LEADING_SCRIPT.exec(html); match; match = LEADING_SCRIPT.exec(html)) {
    scripts.push(match[1]!);
    html = html.slice(match[0].length);
  }
  return { scripts, html };
}

export function Prerendered(props: { tag: "details" | "div"; className: string; cacheKey: string; children: ReactNode }) {
  const assets = use(AssetsContext);
  if (!assets) throw new Error("Prerendered rendered outside renderPage");
  let cache = cachesByAssets.get(assets);
  if (!cache) {
    cache = new Map();
    cachesByAssets.set(assets, cache);
  }
  const entry = cache.get(props.cacheKey);
  const Tag = props.tag;
  if (entry) {
    return (
      <>
        {entry.scripts.map((src) => (
          <script key={src} type="module" src={src} async />
        ))}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: React's own output for these children, escaped when it was rendered */}
        <Tag className={props.className} dangerouslySetInnerHTML={{ __html: entry.html }} />
      </>
    );
  }
  // A render cannot start another one inside itself, so the string is made once this page's
  // synchronous render has finished; this page renders the children as usual.
  const entries = cache;
  queueMicrotask(() => {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
    entries.set(props.cacheKey, toEntry(renderToString(<AssetsContext value={assets}>{props.children}</AssetsContext>)));
  });
  return <Tag className={props.className}>{props.children}</Tag>;
}
