// The first super admin comes from SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD at start-up.
import type { Config } from "../../config";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { hashPassword } from "./passwords";
import { findUserByEmail, insertUser } from "./queries";

export async function ensureSuperAdmin(db: Db, config: Config): Promise<"created" | "exists" | "skipped"> {
  if (!config.superAdminEmail || !config.superAdminPassword) return "skipped";
  const email = config.superAdminEmail.toLowerCase();
  if (await findUserByEmail(db, email)) return "exists";
  const passwordHash = await hashPassword(config.superAdminPassword);
  // Another instance starting at the same moment may win the e-mail; then it exists.
  const inserted = await insertUser(db, {
    id: newId(),
    email,
    displayName: email.split("@")[0] ?? "Super Admin",
    passwordHash,
    isAdmin: true,
    adminKey: config.adminKey,
    isSuperAdmin: true,
    superAdminKey: config.superAdminKey,
    // The variable's value sits in an environment, a deploy file, perhaps a chat: like a visitor's
    // mailed password it opens only the choose-a-new-password step (decisions 008 and 080).
    mustChangePassword: true,
  });
  return inserted ? "created" : "exists";
}
