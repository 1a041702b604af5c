// A second loader next to wrk: password sign-ins at a fixed rate (open loop: one is sent every
// 1/rate seconds whether or not the previous ones have answered), so argon2id hashing competes
// with the page load the way a burst of real sign-ins would.
import { SIGN_IN_PASSWORD, signInEmail } from "./seed";

export type SignInTally = { perSecond: number; answered: number; failures: Record<string, number>; p50Ms: number; p99Ms: number };
export type SignInLoad = { stop(): Promise<SignInTally> };

/**
 * The server must run with TRUST_PROXY so each sign-in can come from its own X-Forwarded-For
 * address, and `users` must be large enough that no e-mail reaches its per-window limit:
 * the point is to measure hashing, not 429s.
 */
export function startSignIns(options: { url: string; origin: string; users: number; perSecond: number }): SignInLoad {
  const started = performance.now();
  const inFlight = new Set<Promise<void>>();
  const times: number[] = [];
  const failures: Record<string, number> = {};
  let sent = 0;

  const signInOnce = async (index: number): Promise<void> => {
    const sentAt = performance.now();
    try {
      const response = await fetch(`${options.url}/api/auth/login`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: options.origin,
          "x-forwarded-for": `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`,
        },
        body: JSON.stringify({ email: signInEmail(index % options.users), password: SIGN_IN_PASSWORD }),
      });
      await response.arrayBuffer();
      if (response.status === 200) times.push(performance.now() - sentAt);
      else failures[String(response.status)] = (failures[String(response.status)] ?? 0) + 1;
    } catch {
      failures.network = (failures.network ?? 0) + 1;
    }
  };

  const timer = setInterval(() => {
    const attempt = signInOnce(sent++).finally(() => inFlight.delete(attempt));
    inFlight.add(attempt);
  }, 1000 / options.perSecond);

  return {
    async stop() {
      clearInterval(timer);
      // Answered within the window, before the stragglers are awaited (so they end before the next row).
      const answered = times.length;
      const seconds = (performance.now() - started) / 1000;
      await Promise.all(inFlight);
      const sorted = times.toSorted((a, b) => a - b);
      const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? Number.NaN;
      return { perSecond: answered / seconds, answered, failures, p50Ms: at(0.5), p99Ms: at(0.99) };
    },
  };
}
