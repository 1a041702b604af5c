// Short-lived tokens a browser carries from one step to the next (the password step of a sign-in to
// its code step, an MFA setup's secret to its confirmation): JWTs signed with HMAC-SHA256 by jose,
// the library @elysiajs/jwt wraps. Each kind of ticket is its own audience, so one kind never
// passes for another. Each ticket has a random id (`jti`) that a step meant to work once records
// in the database (decision 088). Sessions are not tickets: they stay opaque tokens checked in the database.
import { hkdfSync, randomUUID } from "node:crypto";
import { SignJWT, jwtVerify } from "jose";

export type TicketKind = "mfa-sign-in" | "mfa-setup" | "password-change";

export type Tickets = {
  /** A ticket for `subject` (a user id) with string claims, good for `ttlSeconds`. */
  issue(kind: TicketKind, subject: string, claims: Record<string, string>, ttlSeconds: number): Promise<string>;
  /**
   * The ticket's subject, id, expiry (epoch seconds) and the named claims, or null when it is
   * forged, expired, of another kind or lacks one.
   */
  open<Claim extends string>(
    kind: TicketKind,
    ticket: string,
    claims: readonly Claim[],
  ): Promise<({ sub: string; jti: string; exp: number } & Record<Claim, string>) | null>;
};

const ALGORITHM = "HS256";

/** Tickets signed with a key derived from APP_SECRET (not the key that seals values at rest). */
export function createTickets(appSecret: string): Tickets {
  const key = new Uint8Array(hkdfSync("sha256", appSecret, "webstudio", "tickets hs256", 32));
  return {
    issue(kind, subject, claims, ttlSeconds) {
      return new SignJWT(claims)
        .setProtectedHeader({ alg: ALGORITHM })
        .setSubject(subject)
        .setJti(randomUUID())
        .setAudience(kind)
        .setIssuedAt()
        .setExpirationTime(`${ttlSeconds}s`)
        .sign(key);
    },
    async open(kind, ticket, claims) {
      try {
        const { payload } = await jwtVerify(ticket, key, { algorithms: [ALGORITHM], audience: kind, requiredClaims: ["sub", "exp", "jti"] });
        const opened: Record<string, unknown> = { ...payload };
        if (![...claims, "sub", "jti"].every((name) => typeof opened[name] === "string")) return null;
        return opened as { sub: string; jti: string; exp: number } & Record<(typeof claims)[number], string>;
      } catch {
        return null;
      }
    },
  };
}
