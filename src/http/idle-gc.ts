// After a burst of requests the heap holds the garbage they left (60-200 MB here, most of it on
// PGlite, whose every result row leaves small buffers behind) until the engine next feels
// pressure, and a quiet server feels none. The first quiet second after traffic runs one full
// collection, so memory at rest is what the app holds rather than what the last burst left. What
// the burst kept for a while (signed-in answers, for a minute) is released by a second pass once
// it has expired, if the server is still quiet then.
const CHECK_MS = 1000;

/** What a burst leaves that expires: `release()` drops it, `afterMs` after the burst. */
export type Expiring = { release(): void; afterMs: number };

/** Call `served()` on each request; one full collection follows each burst once a second passes without one. */
export function collectWhenIdle(expiring: Expiring, checkMs = CHECK_MS): { served(): void; stop(): void } {
  let count = 0;
  let seenAtLastCheck = 0;
  let late: ReturnType<typeof setTimeout> | undefined;
  const releaseLate = () => {
    // Traffic came back: its own quiet second schedules the next pass, and no collection runs under load.
    if (count > 0) return;
    expiring.release();
    Bun.gc(true);
  };
  const timer = setInterval(() => {
    if (count === 0) return;
    if (count !== seenAtLastCheck) {
      seenAtLastCheck = count;
      return;
    }
    count = 0;
    seenAtLastCheck = 0;
    Bun.gc(true);
    clearTimeout(late);
    late = setTimeout(releaseLate, expiring.afterMs);
    late.unref();
  }, checkMs);
  timer.unref();
  return {
    served: () => {
      count++;
    },
    stop: () => {
      clearInterval(timer);
      clearTimeout(late);
    },
  };
}
