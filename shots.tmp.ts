import { startTestServer } from "./tests/helpers/server";
import { launchBrowser } from "./tests/e2e/browser";
const s = await startTestServer();
const b = await launchBrowser();
const pages = (process.argv[2] ?? "/").split(",");
const widths = (process.argv[3] ?? "375,800,1280").split(",").map(Number);
const themes = (process.argv[4] ?? "0").split(",");
for (const p of pages) for (const t of themes) for (const w of widths) {
  const ctx = await b.newContext({ viewport: { width: w, height: 900 }, javaScriptEnabled: true });
  const page = await ctx.newPage();
  await page.goto(s.url + p);
  await page.evaluate((t) => { document.documentElement.dataset.theme = t; }, t);
  const name = (p.replace(/[^a-z0-9]+/gi, "_") || "root") + `-${w}-t${t}.png`;
  const seg = Number(process.env.SEG ?? "0");
  if (seg) {
    for (let i = 0; i < seg; i++) {
      await page.screenshot({ path: `/tmp/shots-public/seg${i}-${name}`, fullPage: true, clip: { x: 0, y: i * 900, width: w, height: 900 } });
    }
  } else await page.screenshot({ path: `/tmp/shots-public/${name}`, fullPage: true });
  if (process.env.MENU) { await page.click("summary"); await page.screenshot({ path: `/tmp/shots-public/menu-${name}` }); }
  await ctx.close();
}
await b.close(); await s.stop();
