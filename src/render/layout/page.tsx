// Pages render through here so every page gets the actor's theme, the right caching and meta.
import type { ReactNode } from "react";
import type { AppDeps } from "../../deps";
import type { Actor } from "../../http/actor";
import type { PageMeta } from "../document";
import { renderPage } from "../render";
import { SiteContext } from "../site";
import { BellContext, type BellData } from "./bell";

export type PageOptions = {
  /** Public pages always use theme 0 and tint 0 (SPEC.md §2). */
  publicPage?: boolean;
  status?: number;
};

/** The bell's notifications for a signed-in page; a page still renders (without them) if they fail. */
async function loadBellData(deps: AppDeps, actor: Actor | null): Promise<BellData | null> {
  if (!actor) return null;
  try {
    return { notifications: await deps.loadBell(actor.user.id) };
  } catch (error) {
    deps.log(`notifications: the bell could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    return null;
  }
}

export async function page(
  deps: AppDeps,
  actor: Actor | null,
  meta: Omit<PageMeta, "theme" | "tint" | "url"> & { path?: string },
  body: ReactNode,
  options: PageOptions = {},
): Promise<Response> {
  const bell = await loadBellData(deps, actor);
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
    <SiteContext value={{ socialUrl: deps.config.socialUrl }}>
      <BellContext value={bell}>{body}</BellContext>
    </SiteContext>,
    // A signed-in page is this user's data: browsers may not keep it at all.
    { status: options.status, headers: { "cache-control": actor ? "no-store" : "no-cache" } },
  );
}
