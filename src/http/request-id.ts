// Every request gets an id: in the access log, in the `x-request-id` header, in a 500's body and
// beside any error logged while answering it, so a user's report finds its log lines.
const ids = new WeakMap<Request, string>();

/** Random bytes drawn a few kilobytes at a time: one draw per request cost more than the log line. */
let pool = Buffer.alloc(0);
let taken = 0;
const ID_BYTES = 12;

/** 96 random bits as 16 URL-safe characters. Not time-ordered: nothing sorts request ids. */
function newRequestId(): string {
  if (taken + ID_BYTES > pool.byteLength) {
    pool = crypto.getRandomValues(Buffer.alloc(ID_BYTES * 256));
    taken = 0;
  }
  taken += ID_BYTES;
  return pool.toString("base64url", taken - ID_BYTES, taken);
}

/**
 * A proxy's id is kept when TRUST_PROXY is set and it looks like an id; otherwise a new one. The
 * request reaching the app is given it with `rememberRequestId` (a cached public page never is).
 */
export function assignRequestId(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get("x-request-id") : null;
  return forwarded && /^[A-Za-z0-9._-]{8,64}$/.test(forwarded) ? forwarded : newRequestId();
}

export function rememberRequestId(request: Request, id: string): void {
  ids.set(request, id);
}

export function requestId(request: Request): string | undefined {
  return ids.get(request);
}
