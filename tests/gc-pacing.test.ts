// Collections paced by traffic (src/http/gc-pacing.ts, README decisions 55 and 61): one after each
// burst and a release of what it kept once expired; under load with PGlite, young collections
// while requests come and a full one every tenth.
import { describe, expect, test } from "bun:test";
import { paceCollections } from "../src/http/gc-pacing";

const waitFor = async (done: () => boolean) => {
  for (const deadline = performance.now() + 2000; !done() && performance.now() < deadline; ) await Bun.sleep(5);
};
const serveFor = async (served: () => void, ms: number, perStep = 1) => {
  for (const end = performance.now() + ms; performance.now() < end; ) {
    for (let i = 0; i < perStep; i++) served();
    await Bun.sleep(5);
  }
};
/** Pacing with a 5 ms tick and no quiet-time collection in reach, counting the collections it runs under load. */
const paceCounting = (underLoad: boolean) => {
  const counts = { young: 0, full: 0 };
  const collect = { young: () => counts.young++, full: () => counts.full++ };
  return { counts, pacing: paceCollections({ expiring: { release: () => {}, afterMs: 60_000 }, underLoad, tickMs: 5, quietMs: 60_000, collect }) };
};

describe("the collection after a burst", () => {
  test("what the burst kept is released once it has expired, unless traffic came back", async () => {
    let released = 0;
    const pacing = paceCollections({ expiring: { release: () => released++, afterMs: 200 }, underLoad: false, tickMs: 10, quietMs: 20 });
    try {
      pacing.served();
      await waitFor(() => released === 1);
      expect(released).toBe(1);
      // A burst, a quiet spell long enough for its collection, then traffic again before the release is due.
      pacing.served();
      await Bun.sleep(100);
      await serveFor(pacing.served, 400);
      expect(released).toBe(1);
      await waitFor(() => released === 2);
      expect(released).toBe(2);
    } finally {
      pacing.stop();
    }
  });
});

describe("collections under load", () => {
  test("with PGlite, young collections run while requests come, and every tenth is a full one", async () => {
    const { counts, pacing } = paceCounting(true);
    try {
      await serveFor(pacing.served, 300, 60);
      expect(counts.young).toBeGreaterThanOrEqual(19);
      expect(counts.full).toBeGreaterThanOrEqual(1);
      expect(counts.full).toBeLessThanOrEqual(Math.ceil((counts.young + counts.full) / 10));
    } finally {
      pacing.stop();
    }
  });

  test("a trickle of requests waits until five were served for one collection", async () => {
    const { counts, pacing } = paceCounting(true);
    try {
      for (let i = 0; i < 4; i++) {
        pacing.served();
        await Bun.sleep(1);
      }
      await Bun.sleep(20);
      expect(counts).toEqual({ young: 0, full: 0 });
      pacing.served();
      await waitFor(() => counts.young === 1);
      expect(counts).toEqual({ young: 1, full: 0 });
    } finally {
      pacing.stop();
    }
  });

  test("on Postgres the engine paces itself: no collection runs under load", async () => {
    const { counts, pacing } = paceCounting(false);
    try {
      await serveFor(pacing.served, 100, 60);
      expect(counts).toEqual({ young: 0, full: 0 });
    } finally {
      pacing.stop();
    }
  });
});
