import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireSignedInPage } from "../../http/guards";
import { page } from "../layout/page";
import { AdvancedSettingsView, GeneralSettingsView } from "./views";

export const settingsPages = (deps: AppDeps) =>
  new Elysia({ name: "settings-pages" })
    .use(context(deps))
    .get("/settings", ({ actor }) => {
      const signedIn = requireSignedInPage(actor);
      return page(deps, signedIn, { title: "Settings", description: "Your account, profile and appearance." }, <GeneralSettingsView actor={signedIn} />);
    })
    .get("/settings/advanced", ({ actor }) => {
      const signedIn = requireSignedInPage(actor);
      return page(
        deps,
        signedIn,
        { title: "Advanced settings", description: "Notification switches and account deletion." },
        <AdvancedSettingsView actor={signedIn} />,
      );
    });
