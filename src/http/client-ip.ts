// The socket address is only known to Bun.serve; the server wrapper records it per request.
const addresses = new WeakMap<Request, string>();

export function rememberClientIp(request: Request, socketAddress: string | undefined, trustProxy: boolean): void {
  const forwarded = trustProxy ? request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() : undefined;
  addresses.set(request, forwarded || socketAddress || "unknown");
}

export function clientIp(request: Request): string {
  return addresses.get(request) ?? "unknown";
}
