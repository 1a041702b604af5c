// The one render path: a React element rendered inside the document shell, as a stream. The
// response leaves once React has the document ready, and its bytes go out as React writes them,
// the head first. Every page has its data before it renders, so the whole page is React's shell;
// the stream waits for `allReady` too, so a Suspense boundary that suspended is written in place
// rather than completed by the inline script React would add, which the content security policy
// (script-src 'self') refuses.
//
// React's web-streams build (server.edge), not the one Bun resolves by default (server.bun): it
// encodes the markup into a few large chunks, where the Bun build writes every small string to
// the stream on its own, which cost more than the render itself once compressed (decision 66).
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import type { Assets } from "./assets";
import { Document, type PageMeta } from "./document";
import { AssetsContext } from "./island";

export type RenderOptions = { status?: number; headers?: Record<string, string> };

export async function renderPage(assets: Assets, meta: PageMeta, body: ReactNode, options: RenderOptions = {}): Promise<Response> {
  // React adds the doctype before <html>. An error in the shell rejects here, and the error
  // handler answers with its own page.
  const stream = await renderToReadableStream(
    <AssetsContext value={assets}>
      <Document meta={meta} css={assets.css} fonts={assets.preloadFonts}>
        {body}
      </Document>
    </AssetsContext>,
  );
  await stream.allReady;
  return new Response(stream, {
    status: options.status ?? 200,
    headers: { "content-type": "text/html; charset=utf-8", ...options.headers },
  });
}
