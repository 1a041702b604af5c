// Liveness and readiness for load balancers and orchestrators.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";

export const systemRoutes = (deps: AppDeps) =>
  new Elysia({ name: "system" })
    .get("/health", () => ({ status: "ok" }))
    .get("/ready", async ({ set }) => {
      // A stopping instance still serves for SHUTDOWN_DELAY_MS; this tells the balancer to move on.
      if (deps.isDraining()) {
        set.status = 503;
        return { status: "draining", message: "This instance is shutting down." };
      }
      // Answers 503 while the database is unreachable and 200 again as soon as it returns.
      if (await deps.database.ping(2000)) return { status: "ready" };
      set.status = 503;
      return { status: "unavailable", message: "The database is not answering." };
    });
