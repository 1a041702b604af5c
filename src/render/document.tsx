// The HTML document around every page: per-page title and description, Open Graph tags,
// the hashed stylesheet (and its preloaded font) and the theme and tint on <html> so the first paint is right.
import type { ReactNode } from "react";

export type PageMeta = {
  title: string;
  description: string;
  /** Absolute URL of the page, for Open Graph and the canonical link. */
  url?: string;
  theme?: number;
  tint?: number;
  noIndex?: boolean;
};

export const SITE_NAME = "Webstudio";

export function Document(props: { meta: PageMeta; css: string; fonts: string[]; children: ReactNode }) {
  const { meta } = props;
  const title = meta.title === SITE_NAME ? SITE_NAME : `${meta.title} | ${SITE_NAME}`;
  return (
    <html lang="en" data-theme={meta.theme ?? 0} data-tint={meta.tint ?? 0}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
        <meta name="description" content={meta.description} />
        <meta property="og:site_name" content={SITE_NAME} />
        <meta property="og:type" content="website" />
        <meta property="og:title" content={title} />
        <meta property="og:description" content={meta.description} />
        {meta.url ? <meta property="og:url" content={meta.url} /> : null}
        {meta.url ? <link rel="canonical" href={meta.url} /> : null}
        {meta.noIndex ? <meta name="robots" content="noindex" /> : null}
        <meta name="color-scheme" content="light dark" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {props.fonts.map((font) => (
          <link key={font} rel="preload" href={font} as="font" type="font/woff2" crossOrigin="" />
        ))}
        <link rel="stylesheet" href={props.css} />
      </head>
      <body>{props.children}</body>
    </html>
  );
}
