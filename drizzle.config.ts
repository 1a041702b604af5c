import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: migrations are SQL files committed under db/migrations
// and applied by the server at start-up (src/lib/db.ts), never pushed.
export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./db/migrations",
});
