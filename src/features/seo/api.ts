// /robots.txt and /sitemap.xml, written with PUBLIC_URL so crawlers get absolute addresses.
// The sitemap lists the public pages and every FAQ, so it shares the FAQ pages' cache.
import { Elysia } from "elysia";
import type { AppDeps } from "../../deps";
import { publicPageCache } from "../../render/page-cache";
import { listAllFaqs } from "../faq";

const PUBLIC_PATHS = ["/", "/create", "/support", "/contact-us", "/terms"];
const PRIVATE_PATHS = ["/api/", "/dashboard", "/settings", "/notifications", "/projects/", "/accesscodes/", "/admin"];

const escapeXml = (value: string): string =>
  value.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char] ?? char);

export const seoRoutes = (deps: AppDeps) =>
  new Elysia({ name: "seo" })
    .get(
      "/robots.txt",
      () =>
        new Response(
          ["User-agent: *", ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`), "", `Sitemap: ${deps.config.publicUrl}/sitemap.xml`, ""].join("\n"),
          { headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=86400" } },
        ),
    )
    .get("/sitemap.xml", ({ request }) =>
      publicPageCache(deps.database.db).serve(request, "/sitemap.xml", async () => {
        const base = deps.config.publicUrl;
        const entries = [
          ...PUBLIC_PATHS.map((path) => `<url><loc>${escapeXml(base + path)}</loc></url>`),
          ...(await listAllFaqs(deps.database.db)).map(
            (faq) => `<url><loc>${escapeXml(`${base}/support/faq/${faq.id}`)}</loc><lastmod>${faq.updatedAt.toISOString()}</lastmod></url>`,
          ),
        ];
        const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
        return new Response(xml, { headers: { "content-type": "application/xml; charset=utf-8", "cache-control": "public, max-age=3600" } });
      }),
    );
