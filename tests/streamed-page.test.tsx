// A page that puts a slow part inside a Suspense boundary: its head, shell and fallback reach the
// browser before the slow part has loaded, compressed or not, and React's completion script runs
// under the content security policy because it carries this response's nonce.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Suspense, use } from "react";
import { loadConfig } from "../src/config";
import { createFetchHandler } from "../src/http/server";
import type { Assets } from "../src/lib/built-assets";
import { buildAssets } from "../src/render/assets";
import { renderPage } from "../src/render/render";
import { captureLog } from "./helpers/log";

function SlowPart(props: { data: Promise<string> }) {
  return <p id="slow">{use(props.data)}</p>;
}

let assets: Assets;
let slow = Promise.withResolvers<string>();
let server: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  assets = await buildAssets();
  const config = loadConfig({ NODE_ENV: "test" });
  const handle = createFetchHandler(
    (request) =>
      new URL(request.url).pathname === "/slow"
        ? renderPage(
            assets,
            { title: "Slow", description: "A page with a slow part." },
            <main>
              <h1>The shell</h1>
              <Suspense fallback={<p id="fallback">Loading…</p>}>
                <SlowPart data={slow.promise} />
              </Suspense>
            </main>,
          )
        : renderPage(assets, { title: "Whole", description: "A page with nothing to wait for." }, <main>Whole page</main>),
    config,
    captureLog(),
  );
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handle });
});

afterAll(() => server.stop(true));

/** Reads the page chunk by chunk until `until` is in what arrived, and answers what did. */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, until: string): Promise<string> {
  const decoder = new TextDecoder();
  let html = "";
  while (!html.includes(until)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    html += decoder.decode(chunk.value, { stream: true });
  }
  return html;
}

describe("a page with a slow part", () => {
  for (const encoding of ["gzip", "identity"]) {
    test(`sends its head and shell before the slow part, then the part with a script the CSP allows (${encoding})`, async () => {
      slow = Promise.withResolvers<string>();
      const response = await fetch(`${server.url}slow`, { headers: { "accept-encoding": encoding }, decompress: false });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-encoding")).toBe(encoding === "gzip" ? "gzip" : null);
      const nonce = response.headers.get("content-security-policy")?.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
      expect(nonce).toBeDefined();
      const body = response.body;
      if (!body) throw new Error("a page without a body");
      const reader = (encoding === "gzip" ? body.pipeThrough(new DecompressionStream("gzip")) : body).getReader();
      // The slow part has not loaded yet: what arrived is the head, the shell and the fallback.
      const first = await readUntil(reader, 'id="fallback"');
      expect(first).toContain("<head>");
      expect(first).toContain("The shell");
      expect(first).toContain('id="fallback"');
      expect(first).not.toContain('id="slow"');
      slow.resolve("The slow part");
      const rest = await readUntil(reader, "</html>");
      expect(rest).toContain('<p id="slow">The slow part</p>');
      expect(rest).toContain(`<script nonce="${nonce}"`);
    });
  }

  test("a page with nothing to wait for is sent whole, with its length, compressed in one piece", async () => {
    const response = await fetch(`${server.url}whole`, { headers: { "accept-encoding": "gzip" }, decompress: false });
    expect(response.status).toBe(200);
    expect(response.headers.get("transfer-encoding")).toBeNull();
    expect(response.headers.get("content-encoding")).toBe("gzip");
    expect(response.headers.get("x-script-nonce")).toBeNull();
    const html = new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await response.arrayBuffer())));
    expect(html).toContain("Whole page");
    expect(html).not.toContain("<script nonce");
  });

  test("each streamed page has a nonce of its own", async () => {
    const nonces = new Set<string | null>();
    for (let i = 0; i < 3; i++) {
      slow = Promise.withResolvers<string>();
      const response = await fetch(`${server.url}slow`);
      slow.resolve("ready");
      await response.text();
      nonces.add(response.headers.get("content-security-policy"));
    }
    expect(nonces.size).toBe(3);
  });
});
