import { afterEach, describe, expect, setSystemTime, test } from "bun:test";
import { createTickets } from "./tickets";

const tickets = createTickets("test-secret-test-secret-test-secret-0123456789");

afterEach(() => setSystemTime());

describe("tickets", () => {
  test("a ticket opens to its subject and claims, for its own kind only", async () => {
    const ticket = await tickets.issue("mfa-sign-in", "user1", { h: "abc" }, 60);
    expect(await tickets.open("mfa-sign-in", ticket, ["h"])).toMatchObject({ sub: "user1", h: "abc" });
    expect(await tickets.open("password-change", ticket, ["h"])).toBeNull();
    expect(await tickets.open("mfa-sign-in", ticket, ["s"])).toBeNull();
  });

  test("every ticket has its own id and carries its expiry, so a step can record its use", async () => {
    const first = await tickets.open("mfa-sign-in", await tickets.issue("mfa-sign-in", "user1", { h: "abc" }, 60), ["h"]);
    const second = await tickets.open("mfa-sign-in", await tickets.issue("mfa-sign-in", "user1", { h: "abc" }, 60), ["h"]);
    expect(first?.jti).toBeString();
    expect(first?.jti).not.toBe(second?.jti);
    expect(first?.exp).toBeGreaterThan(Date.now() / 1000);
  });

  test("an expired, tampered or foreign ticket is refused", async () => {
    const now = Date.now();
    const ticket = await tickets.issue("mfa-setup", "user1", { s: "sealed" }, 60);
    setSystemTime(new Date(now + 59_000));
    expect(await tickets.open("mfa-setup", ticket, ["s"])).not.toBeNull();
    setSystemTime(new Date(now + 61_000));
    expect(await tickets.open("mfa-setup", ticket, ["s"])).toBeNull();
    setSystemTime();
    const [header, payload, signature] = ticket.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload ?? "", "base64url").toString()), sub: "admin" })).toString("base64url");
    expect(await tickets.open("mfa-setup", `${header}.${forged}.${signature}`, ["s"])).toBeNull();
    const other = await createTickets("another-secret-another-secret-0123456789").issue("mfa-setup", "user1", { s: "sealed" }, 60);
    expect(await tickets.open("mfa-setup", other, ["s"])).toBeNull();
    expect(await tickets.open("mfa-setup", "v1.AAAA.BBBB.CCCC", ["s"])).toBeNull();
  });
});
