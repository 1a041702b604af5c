// The one render path: a React element streamed inside the document shell.
import type { ReactNode } from "react";
import { renderToReadableStream } from "react-dom/server";
import type { Assets } from "./assets";
import { Document, type PageMeta } from "./document";
import { AssetsContext } from "./island";

export type RenderOptions = { status?: number; headers?: Record<string, string> };

export async function renderPage(assets: Assets, meta: PageMeta, body: ReactNode, options: RenderOptions = {}): Promise<Response> {
  const stream = await renderToReadableStream(
    <AssetsContext value={assets}>
      <Document meta={meta} css={assets.css}>
        {body}
      </Document>
    </AssetsContext>,
    {
      onError(error: unknown) {
        console.error("render error", error);
      },
    },
  );
  return new Response(stream, {
    status: options.status ?? 200,
    headers: { "content-type": "text/html; charset=utf-8", ...options.headers },
  });
}
