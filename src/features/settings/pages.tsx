import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { page } from "../../render/layout/page";
import { mfaStatus } from "../auth";
import { listOwnSessions } from "./sessions";
import { AdvancedSettingsView, GeneralSettingsView, SecuritySettingsView } from "./views";

export const settingsPages = (deps: AppDeps) =>
  new Elysia({ name: "settings-pages" })
    .use(context(deps))
    .guard({ auth: "user" })
    .get("/settings", ({ actor: signedIn }) => {
      return page(deps, signedIn, { title: "Settings", description: "Your account, profile and appearance." }, <GeneralSettingsView actor={signedIn} />);
    })
    .get("/settings/advanced", ({ actor: signedIn }) => {
      return page(
        deps,
        signedIn,
        { title: "Advanced settings", description: "Notification switches and account deletion." },
        <AdvancedSettingsView actor={signedIn} />,
      );
    })
    .get("/settings/security", async ({ actor: signedIn }) => {
      const [mfa, sessions] = await Promise.all([mfaStatus(deps, signedIn.user), listOwnSessions(deps, signedIn)]);
      return page(
        deps,
        signedIn,
        { title: "Security settings", description: "Two-factor authentication and signed-in devices." },
        <SecuritySettingsView actor={signedIn} mfa={mfa} sessions={sessions} />,
      );
    });
