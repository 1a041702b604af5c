// The one render path: a React element rendered inside the document shell. The whole page is
// rendered before it is sent: every page has its data before it renders, so streaming bought no
// earlier first byte, and React's many small chunks through a stream cost a third of the CPU of a
// signed-in page (a profile of /dashboard under load). One buffer is also compressed in one call.
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import type { Assets } from "./assets";
import { Document, type PageMeta } from "./document";
import { AssetsContext } from "./island";

export type RenderOptions = { status?: number; headers?: Record<string, string> };

export async function renderPage(assets: Assets, meta: PageMeta, body: ReactNode, options: RenderOptions = {}): Promise<Response> {
  const html = renderToString(
    <AssetsContext value={assets}>
      <Document meta={meta} css={assets.css} fonts={assets.preloadFonts}>
        {body}
      </Document>
    </AssetsContext>,
  );
  const bytes = new TextEncoder().encode(`<!DOCTYPE html>${html}`);
  return new Response(bytes, {
    status: options.status ?? 200,
    headers: { "content-type": "text/html; charset=utf-8", "content-length": String(bytes.byteLength), ...options.headers },
  });
}
