// Debian's Chromium headless shell driven by playwright-core (decision 104): the same engine as the
// full browser without its windowing and compositing, as Playwright itself runs headless tests.
// Outside CI a machine without it skips the browser suite with a note; in CI (CI=true or
// REQUIRE_BROWSER=1) a missing browser fails it.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Browser, type Page, chromium } from "playwright-core";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/lib/chromium/chromium-headless-shell";
const required = process.env.CI === "true" || process.env.REQUIRE_BROWSER === "1";

export const browserAvailable = existsSync(CHROMIUM_PATH);
if (!browserAvailable) {
  const message = `Browser suite: Chromium not found at ${CHROMIUM_PATH}`;
  if (required) throw new Error(`${message}; it is required here (install it with: apt-get install -y chromium-headless-shell).`);
  console.warn(`${message}; skipping the browser tests (install it with: apt-get install -y chromium-headless-shell).`);
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-quic",
      "--disable-dev-shm-usage",
    ],
  });
}

/** Collects console errors and failed page scripts so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return errors;
}

/** Whether this run saves screenshots for people to look at (SCREENSHOTS=1); no test compares them. */
export const screenshotsWanted = process.env.SCREENSHOTS === "1";

const screenshotDir = join(import.meta.dir, "../../screenshots");

/** Screenshots for people to look at (not compared by the tests): at 375, 800 and 1280 px. */
export async function screenshots(page: Page, name: string, widths: number[] = [375, 800, 1280]): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(screenshotDir, { recursive: true });
  const theme = await page.evaluate(() => document.documentElement.dataset.theme ?? "0");
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(screenshotDir, `${name}-${width}-theme${theme}.png`), fullPage: true });
  }
}

const AXE_PATH = join(import.meta.dir, "../../node_modules/axe-core/axe.min.js");

type AxeResult = { violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[] };

/** The axe rules whose outcome a theme or a tint can change: themes and tints only set colours. */
const COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * Serious and critical axe-core findings on the page as it is now (needs a context with bypassCSP):
 * every rule, or with `coloursOnly` the rules that depend on colours.
 */
export async function seriousAxeViolations(page: Page, { coloursOnly = false } = {}): Promise<string[]> {
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(
    async (rules) => {
      const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResult> } }).axe;
      const result = await axe.run(document, { resultTypes: ["violations"], ...(rules ? { runOnly: { type: "rule", values: rules } } : {}) });
      return result.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map(
          (v) =>
            `${v.id} (${v.impact}): ${v.nodes
              .map((n) => n.target.join(" "))
              .slice(0, 3)
              .join(", ")}`,
        );
    },
    coloursOnly ? COLOUR_RULES : null,
  );
}

/** A theme (0 Light, 1 Dark, 2 Blue) and optionally a tint, as `<html data-theme data-tint>` carry them. */
export type Look = { theme: number; tint?: number };

/**
 * axe over the page as loaded (every rule), then in each of `looks` (the colour rules: a theme or a
 * tint changes nothing else), each finding prefixed with the look. Reduced motion, so axe sees the
 * colours and not a transition between them; the page's own look is put back after.
 */
export async function axeInLooks(page: Page, looks: Look[]): Promise<string[]> {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const loaded = await page.evaluate(() => ({ theme: document.documentElement.dataset.theme, tint: document.documentElement.dataset.tint }));
  const setLook = (look: { theme?: string; tint?: string }) =>
    page.evaluate((next) => {
      const data = document.documentElement.dataset;
      if (next.theme === undefined) delete data.theme;
      else data.theme = next.theme;
      if (next.tint === undefined) delete data.tint;
      else data.tint = next.tint;
    }, look);
  const found = (await seriousAxeViolations(page)).map((v) => `as loaded (theme ${loaded.theme ?? "0"}): ${v}`);
  for (const look of looks) {
    await setLook({ theme: String(look.theme), tint: look.tint === undefined ? loaded.tint : String(look.tint) });
    const name = look.tint === undefined ? `theme ${look.theme}` : `theme ${look.theme} tint ${look.tint}`;
    found.push(...(await seriousAxeViolations(page, { coloursOnly: true })).map((v) => `${name}: ${v}`));
  }
  await setLook(loaded);
  return found;
}
