// The password rules that the configuration checks too (SUPER_ADMIN_PASSWORD), below every layer
// so config.ts can use them. isCommonPassword reads its list from disk: server code only, which no
// island imports.
import { readFileSync } from "node:fs";
import { join } from "node:path";

export const MIN_PASSWORD_LENGTH = 6;

// The 10,000 most common passwords of six characters or more, lower-cased (common-passwords.txt,
// taken from the password list @zxcvbn-ts/language-common ships, MIT). Read on first use.
let commonPasswords: Set<string> | null = null;

export function isCommonPassword(password: string): boolean {
  commonPasswords ??= new Set(
    readFileSync(join(import.meta.dir, "common-passwords.txt"), "utf8")
      .split("\n")
      .filter(Boolean),
  );
  return commonPasswords.has(password.toLowerCase());
}
