// After a burst of requests the heap holds the garbage they left (60-200 MB here, most of it on
// PGlite, whose every result row leaves small buffers behind) until the engine next feels
// pressure, and a quiet server feels none. The first quiet second after traffic runs one full
// collection, so memory at rest is what the app holds rather than what the last burst left.
const CHECK_MS = 1000;

/** Call `served()` on each request; one full collection follows each burst once a second passes without one. */
export function collectWhenIdle(): { served(): void; stop(): void } {
  let count = 0;
  let seenAtLastCheck = 0;
  const timer = setInterval(() => {
    if (count === 0) return;
    if (count !== seenAtLastCheck) {
      seenAtLastCheck = count;
      return;
    }
    count = 0;
    seenAtLastCheck = 0;
    Bun.gc(true);
  }, CHECK_MS);
  timer.unref();
  return {
    served: () => {
      count++;
    },
    stop: () => clearInterval(timer),
  };
}
