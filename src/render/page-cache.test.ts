import { describe, expect, test } from "bun:test";
import { TTL_MS, createPageCache } from "./page-cache";

const get = (headers: Record<string, string> = {}) => new Request("http://x/", { headers });

describe("the anonymous render cache", () => {
  test("renders once, then answers the stored bytes, gzipped when accepted, with an ETag", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => {
      renders++;
      return new Response(`<p>page ${renders}</p>`, { headers: { "content-type": "text/html" } });
    };
    const first = await cache.serve(get(), "/", render);
    expect(first.headers.get("x-render-cache")).toBe("miss");
    expect(await first.text()).toBe("<p>page 1</p>");
    const second = await cache.serve(get({ "accept-encoding": "gzip" }), "/", render);
    expect(second.headers.get("x-render-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await second.arrayBuffer())))).toBe("<p>page 1</p>");
    const etag = second.headers.get("etag") ?? "";
    const notModified = await cache.serve(get({ "if-none-match": etag }), "/", render);
    expect(notModified.status).toBe(304);
    expect(renders).toBe(1);
  });

  test("concurrent misses share one render", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => {
      renders++;
      await Bun.sleep(10);
      return new Response("x");
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => cache.serve(get(), "/k", render)));
    expect(renders).toBe(1);
    for (const answer of answers) expect(await answer.text()).toBe("x");
  });

  test("answers other than 200 pass through and are never stored", async () => {
    const cache = createPageCache();
    let renders = 0;
    const render = async () => new Response("gone", { status: 404 + 0 * renders++ });
    expect((await cache.serve(get(), "/missing", render)).status).toBe(404);
    expect((await cache.serve(get(), "/missing", render)).status).toBe(404);
    expect(renders).toBe(2);
    expect(cache.size).toBe(0);
  });

  test("invalidate drops every entry, and a render in flight at that moment is not stored", async () => {
    const cache = createPageCache();
    let version = 1;
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const slow = cache.serve(get(), "/", async () => {
      const seen = version;
      await gate;
      return new Response(`v${seen}`);
    });
    version = 2;
    cache.invalidate();
    release();
    expect(await (await slow).text()).toBe("v1");
    expect(cache.size).toBe(0);
    expect(await (await cache.serve(get(), "/", async () => new Response(`v${version}`))).text()).toBe("v2");
  });

  test("entries expire after the TTL, which bounds staleness on other instances", async () => {
    let now = 0;
    const cache = createPageCache(() => now);
    let renders = 0;
    const render = async () => new Response(String(++renders));
    await cache.serve(get(), "/", render);
    now = TTL_MS - 1;
    expect(await (await cache.serve(get(), "/", render)).text()).toBe("1");
    now = TTL_MS + 1;
    expect(await (await cache.serve(get(), "/", render)).text()).toBe("2");
  });
});
