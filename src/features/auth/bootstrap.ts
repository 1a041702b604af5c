// The first super admin comes from SUPER_ADMIN_EMAIL and SUPER_ADMIN_PASSWORD at start-up.
import { eq } from "drizzle-orm";
import { users } from "../../../db/schema";
import type { Config } from "../../config";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";

export async function ensureSuperAdmin(db: Db, config: Config): Promise<"created" | "exists" | "skipped"> {
  if (!config.superAdminEmail || !config.superAdminPassword) return "skipped";
  const email = config.superAdminEmail.toLowerCase();
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) return "exists";
  const passwordHash = await Bun.password.hash(config.superAdminPassword, { algorithm: "argon2id" });
  const inserted = await db
    .insert(users)
    .values({
      id: newId(),
      email,
      displayName: email.split("@")[0] ?? "Super Admin",
      passwordHash,
      isAdmin: true,
      adminKey: config.adminKey,
      isSuperAdmin: true,
      superAdminKey: config.superAdminKey,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0 ? "created" : "exists";
}
