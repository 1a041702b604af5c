import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { context } from "../../http/context";
import { requireSignedInPage } from "../../http/guards";
import { Island } from "../../render/island";
import { page } from "../../render/page";
import { PageShell } from "../layout/views";

export const settingsPages = (deps: AppDeps) =>
  new Elysia({ name: "settings-pages" }).use(context(deps)).get("/settings", ({ actor }) => {
    const signedIn = requireSignedInPage(actor);
    const theme = signedIn.user.settings.theme;
    return page(
      deps,
      signedIn,
      { title: "Settings", description: "Your account, profile and appearance." },
      <PageShell actor={signedIn}>
        <div className="container page">
          <header className="page-header">
            <h1>Settings</h1>
          </header>
          <section className="card stack" aria-labelledby="appearance-title">
            <h2 id="appearance-title" className="card-title">
              Appearance
            </h2>
            <Island name="theme-picker" props={{ theme: theme.themeColor, tint: theme.tintColor }} />
          </section>
        </div>
      </PageShell>,
    );
  });
