// What the Chromium journeys share: a suite's server, browser and SMTP capture, a signed-in
// browser context, waiting for an island to hydrate, and photographs for people to look at.
import { afterAll, beforeAll } from "bun:test";
import { mkdirSync } from "node:fs";
import { deflateSync } from "node:zlib";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { type TestServer, startTestServer } from "../helpers/server";
import { type SmtpCapture, startSmtpCapture } from "../helpers/smtp";
import { launchBrowser, screenshotsWanted } from "./browser";

/** The desktop viewport most journeys use. */
export const DESKTOP = { width: 1280, height: 900 };

export type BrowserSuite = { server: TestServer; browser: Browser; smtp: SmtpCapture };

/**
 * Starts a test server and Chromium before the suite's tests and stops them after; with `smtp`
 * also an SMTP capture the server sends its mail to. Read the parts inside tests (they exist once
 * beforeAll has run).
 */
export function browserSuite(options: { smtp?: boolean; env?: Record<string, string> } = {}): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    if (options.smtp) suite.smtp = await startSmtpCapture();
    suite.server = await startTestServer({ ...(options.smtp ? { SMTP_URL: suite.smtp.url } : {}), ...options.env });
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    // A request the server failed during the file fails the file, with the server's log of it
    // (JSON, no secrets) as the evidence: nothing retries a browser test.
    const failures = suite.server?.logs.filter((line) => line.includes('"level":50')) ?? [];
    await suite.browser?.close();
    await suite.server?.stop();
    await suite.smtp?.stop();
    if (failures.length > 0) throw new Error(`server errors during this file:\n${failures.join("\n")}`);
  });
  return suite;
}

/** A browser context signed in with a session cookie from `server.createUser()` or `createAdmin()`. */
export async function signIn(suite: BrowserSuite, cookie: string, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await suite.browser.newContext(options);
  const [name, value] = cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: suite.server.url }]);
  return context;
}

/** Waits until the named island on the page has hydrated. */
export const hydrated = (page: Page, island: string) => page.waitForSelector(`[data-island="${island}"][data-hydrated="true"]`);

/** Counts the fetches in flight on the context's pages, for `settled` (before the pages open). */
export async function countFetches(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counted = window as unknown as { fetchesInFlight: number };
    counted.fetchesInFlight = 0;
    const send = window.fetch.bind(window);
    window.fetch = ((...args: Parameters<typeof send>) => {
      counted.fetchesInFlight++;
      return send(...args).finally(() => counted.fetchesInFlight--);
    }) as typeof window.fetch;
  });
}

/**
 * Waits until a loaded page has settled: every island that hydrates by itself has (not those waiting
 * for an interaction or for their closed <details> to open), and no fetch is in flight (countFetches).
 * What "networkidle" gave, without its fixed 500 ms of quiet per page.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const waitsForUser = (island: HTMLElement) =>
      island.dataset.hydrate === "interaction" || (island.dataset.hydrate === "open" && island.closest("details")?.open === false);
    const islands = [...document.querySelectorAll<HTMLElement>("[data-island]")];
    const fetching = (window as unknown as { fetchesInFlight?: number }).fetchesInFlight;
    return fetching === 0 && islands.every((island) => island.dataset.hydrated === "true" || waitsForUser(island));
  });
}

/**
 * Full-page shots of the page as it is, in Light and Dark at each width, into `dir` (for people
 * to look at, never compared), when SCREENSHOTS=1: a shot asserts nothing, and the suite's
 * hundreds of full-page shots would otherwise be most of its time. Puts the theme and the
 * viewport back after.
 */
export async function photograph(page: Page, dir: string, name: string, widths: number[]): Promise<void> {
  if (!screenshotsWanted) return;
  mkdirSync(dir, { recursive: true });
  const original = await page.evaluate(() => document.documentElement.dataset.theme ?? "0");
  const viewport = page.viewportSize();
  await page.mouse.move(0, 0);
  // Colours ease after a theme change; with reduced motion the shot shows the theme, not a blend.
  await page.emulateMedia({ reducedMotion: "reduce" });
  for (const theme of ["0", "1"]) {
    await page.evaluate((value) => {
      document.documentElement.dataset.theme = value;
      // Sticky bars land mid-page in a full-page shot taken while scrolled.
      window.scrollTo({ top: 0, behavior: "instant" });
    }, theme);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await page.screenshot({ path: `${dir}/${name}-${width}-${theme === "0" ? "light" : "dark"}.png`, fullPage: true });
    }
  }
  await page.evaluate((value) => (document.documentElement.dataset.theme = value), original);
  if (viewport) await page.setViewportSize(viewport);
}

/** A small solid-colour PNG, built here so the test needs no fixture files. */
export function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
