// The one render path: a React element rendered inside the document shell, as a stream.
//
// React's web-streams build (server.edge), not the one Bun resolves by default (server.bun): it
// encodes the markup into a few large chunks, where the Bun build writes every small string to
// the stream on its own (decision 066).
//
// Most pages load their data before they render, so their document is complete when React's shell
// is: it is returned whole, with its length, and the HTTP wrapper compresses it in one call. A page
// that puts a slow part inside a Suspense boundary is returned as soon as its shell is ready, as a
// stream. Either way it names the nonce React's inline scripts carry (src/http/streaming.ts).
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server.edge";
import { SCRIPT_NONCE_HEADER, scriptNonce } from "../http/streaming";
import type { Assets } from "../lib/built-assets";
import { Document, type PageMeta } from "./document";
import { AssetsContext } from "./island";

export type RenderOptions = { status?: number; headers?: Record<string, string> };

/** Resolves true if `ready` has already settled, false if it is still pending after this turn of the event loop. */
const settledNow = (ready: Promise<void>): Promise<boolean> =>
  Promise.race([ready.then(() => true), new Promise<boolean>((resolve) => setImmediate(() => resolve(false)))]);

export async function renderPage(assets: Assets, meta: PageMeta, body: ReactNode, options: RenderOptions = {}): Promise<Response> {
  const nonce = scriptNonce();
  // React adds the doctype before <html>. An error in the shell rejects here, and the error
  // handler answers with its own page; an error inside a boundary is rendered by the client.
  const stream = await renderToReadableStream(
    <AssetsContext value={assets}>
      <Document meta={meta} css={assets.css} fonts={assets.preloadFonts}>
        {body}
      </Document>
    </AssetsContext>,
    { nonce },
  );
  // React writes its completion scripts whenever a boundary suspended during the render, however
  // briefly (a lazy part loading), so every page names its nonce.
  const headers: Record<string, string> = { "content-type": "text/html; charset=utf-8", [SCRIPT_NONCE_HEADER]: nonce, ...options.headers };
  const init = { status: options.status ?? 200, headers };
  if (!(await settledNow(stream.allReady))) return new Response(stream, init);
  // Complete already: sent whole, with its length, and compressed in one call.
  const bytes = await new Response(stream).bytes();
  return new Response(bytes, { ...init, headers: { ...headers, "content-length": String(bytes.byteLength) } });
}
