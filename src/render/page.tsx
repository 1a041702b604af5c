// Pages render through here so every page gets the actor's theme, the right caching and meta.
import type { ReactNode } from "react";
import type { AppDeps } from "../deps";
import type { Actor } from "../features/auth/roles";
import type { PageMeta } from "./document";
import { renderPage } from "./render";
import { SiteContext } from "./site";

export type PageOptions = {
  /** Public pages always use theme 0 and tint 0 (SPEC.md §2). */
  publicPage?: boolean;
  status?: number;
};

export function page(
  deps: AppDeps,
  actor: Actor | null,
  meta: Omit<PageMeta, "theme" | "tint" | "url"> & { path?: string },
  body: ReactNode,
  options: PageOptions = {},
): Promise<Response> {
  const theme = actor && !options.publicPage ? actor.user.settings.theme : { themeColor: 0, tintColor: 0 };
  return renderPage(
    deps.assets,
    {
      ...meta,
      url: meta.path ? `${deps.config.publicUrl}${meta.path}` : undefined,
      noIndex: meta.noIndex ?? Boolean(actor),
      theme: theme.themeColor,
      tint: theme.tintColor,
    },
    <SiteContext value={{ socialUrl: deps.config.socialUrl }}>{body}</SiteContext>,
    { status: options.status, headers: actor ? { "cache-control": "no-store" } : { "cache-control": "no-cache" } },
  );
}
