// Every request gets an id: in the access log, in the `x-request-id` header, in a 500's body and
// beside any error logged while answering it, so a user's report finds its log lines.
import { newId } from "../lib/ids";

const ids = new WeakMap<Request, string>();

/** A proxy's id is kept when TRUST_PROXY is set and it looks like an id; otherwise a new one. */
export function assignRequestId(request: Request, trustProxy: boolean): string {
  const forwarded = trustProxy ? request.headers.get("x-request-id") : null;
  const id = forwarded && /^[A-Za-z0-9._-]{8,64}$/.test(forwarded) ? forwarded : newId();
  ids.set(request, id);
  return id;
}

export function rememberRequestId(request: Request, id: string): void {
  ids.set(request, id);
}

export function requestId(request: Request): string | undefined {
  return ids.get(request);
}
