// Garbage collections paced by the server's traffic.
//
// At rest: after a burst of requests the heap holds the garbage they left until the engine next
// feels pressure, and a quiet server feels none. The first quiet second after traffic runs one
// full collection, so memory at rest is what the app holds rather than what the last burst left.
// What the burst kept for a while (signed-in answers, for a minute) is released by a second pass
// once it has expired, if the server is still quiet then.
//
// Under load, with PGlite in the process: the engine lets the garbage since its last collection
// grow in proportion to the heap it counts, and it counts PGlite's WebAssembly memory twice (about
// 270 MB) though no collection can free any of it. Each PGlite query leaves some 550 small objects
// (about 30 KB), so 100-300 MB of garbage piled up between the engine's own collections. While
// requests come, a young-generation collection runs every tick once MIN_REQUESTS were served since
// the last one, and every FULL_EVERY-th is a full one: what is alive at a young collection (the
// requests in flight) moves to the old generation, which only a full collection sweeps. The RSS
// under load follows the garbage one tick leaves: a 50 ms tick held 20-30 MB less than 100 ms, at
// the same requests/s (README decision 62).
import { edenGC, fullGC } from "bun:jsc";

const TICK_MS = 50;
const QUIET_MS = 1000;
/** A trickle of requests waits until it has left enough garbage to be worth a young collection. */
const MIN_REQUESTS = 5;
/** A full collection every half second under load. */
const FULL_EVERY = 10;

/** What a burst leaves that expires: `release()` drops it, `afterMs` after the burst. */
export type Expiring = { release(): void; afterMs: number };

export type Pacing = {
  expiring: Expiring;
  /** Collect while requests come: only where the engine's own pacing lets garbage pile up (PGlite in the process). */
  underLoad: boolean;
  tickMs?: number;
  quietMs?: number;
  /** The collections under load (the engine's own; tests count them). */
  collect?: { young(): void; full(): void };
};

/** Call `served()` on each request. */
export function paceCollections(pacing: Pacing): { served(): void; stop(): void } {
  const { expiring, underLoad, tickMs = TICK_MS, quietMs = QUIET_MS, collect = { young: edenGC, full: fullGC } } = pacing;
  let servedThisTick = 0;
  let servedSinceCollection = 0;
  let collections = 0;
  /** How long the server has been quiet since the last tick that saw a request. */
  let quietFor = 0;
  /** Runs from the first request after a quiet spell to that spell's collection: an idle server is never woken. */
  let timer: ReturnType<typeof setInterval> | undefined;
  let late: ReturnType<typeof setTimeout> | undefined;
  const releaseLate = () => {
    // Traffic came back: its own quiet second schedules the next pass, and no collection runs under load.
    if (timer) return;
    expiring.release();
    Bun.gc(true);
  };
  const tick = () => {
    if (servedThisTick > 0) {
      servedSinceCollection += servedThisTick;
      servedThisTick = 0;
      quietFor = 0;
      if (underLoad && servedSinceCollection >= MIN_REQUESTS) {
        servedSinceCollection = 0;
        collections++;
        if (collections % FULL_EVERY === 0) collect.full();
        else collect.young();
      }
      return;
    }
    quietFor += tickMs;
    if (quietFor < quietMs) return;
    servedSinceCollection = 0;
    clearInterval(timer);
    timer = undefined;
    Bun.gc(true);
    clearTimeout(late);
    late = setTimeout(releaseLate, expiring.afterMs);
    late.unref();
  };
  return {
    served: () => {
      servedThisTick++;
      if (timer) return;
      timer = setInterval(tick, tickMs);
      timer.unref();
    },
    stop: () => {
      clearInterval(timer);
      clearTimeout(late);
    },
  };
}
