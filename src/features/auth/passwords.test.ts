import { describe, expect, test } from "bun:test";
import { hashPassword, verifyPassword } from "./passwords";

describe("password hashing on the password threads", () => {
  test("a hash is argon2id, verifies with its password and refuses a wrong one", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(hash).toStartWith("$argon2id$");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse battery!", hash)).toBe(false);
  });

  test("hashes asked for together all answer, each with its own salt", async () => {
    const passwords = ["one-password", "two-password", "three-password", "one-password"];
    const hashes = await Promise.all(passwords.map(hashPassword));
    expect(new Set(hashes).size).toBe(passwords.length);
    const checks = await Promise.all(hashes.map((hash, i) => verifyPassword(passwords[i]!, hash)));
    expect(checks).toEqual([true, true, true, true]);
    expect(await verifyPassword("two-password", hashes[0]!)).toBe(false);
  });

  test("a hash Bun cannot read matches no password instead of failing", async () => {
    expect(await verifyPassword("anything", "not-a-hash")).toBe(false);
    expect(await verifyPassword("anything", "")).toBe(false);
  });
});
