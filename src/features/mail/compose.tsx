// Every mail is one React component (in the feature that sends it, with its subject beside it)
// inside the shared layout below; composeMail renders it once to HTML and derives the text part
// from that HTML, so both parts carry the same words (decision 098). Only what is marked
// data-skip-in-text (the header's name, a button repeating a link the text spells out) is HTML
// alone. Mail clients are strict: tables for layout (React Email's components), inline styles,
// the system font stack, no images or web fonts; the light palette is inline and a dark one
// follows prefers-color-scheme where the client supports it. Server only: never from islands/.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactElement, ReactNode } from "react";
import type { MailMessage } from "../../lib/mail";

/** The site's tokens (src/render/styles/00-tokens.css): theme 0 inline, theme 1 for dark mode, tint 0. */
const LIGHT = { bg: "#f6f7fb", card: "#ffffff", border: "#e3e7ef", text: "#0f172a", muted: "#475569", tint: "#2563eb", tintText: "#1d4ed8", soft: "#eef1f7" };
const DARK = { bg: "#0d1016", card: "#161a22", border: "#2a303c", text: "#eef1f6", muted: "#b3bccb", tintText: "#8db4ff", soft: "#1f2530" };
const FONT = 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif';
const MONO = 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace';

// Clients that honour <style> and the media query (Apple Mail, iOS, Outlook.com, Thunderbird)
// switch to the dark palette; the !important beats the inline light styles.
const DARK_CSS = `:root{color-scheme:light dark;supported-color-schemes:light dark}
@media (prefers-color-scheme: dark){
.m-body,.m-outer{background:${DARK.bg}!important}
.m-card{background:${DARK.card}!important;border-color:${DARK.border}!important}
.m-text,.m-card p,.m-card li,.m-brand{color:${DARK.text}!important}
.m-muted,.m-muted p,.m-card .m-muted{color:${DARK.muted}!important}
.m-link,.m-card a{color:${DARK.tintText}!important}
.m-card a.m-button{color:#ffffff!important}
.m-box{background:${DARK.soft}!important;border-color:${DARK.border}!important}
}
@media only screen and (max-width:600px){.m-card{padding:24px 20px!important}}`;

// Words as long as a phone is wide (an address, a reference) break where they must.
const text: CSSProperties = {
  margin: "0 0 16px",
  fontSize: "16px",
  lineHeight: "24px",
  color: LIGHT.text,
  fontFamily: FONT,
  overflowWrap: "anywhere",
  wordBreak: "break-word",
};
const small: CSSProperties = { ...text, fontSize: "14px", lineHeight: "22px", color: LIGHT.muted };
const link: CSSProperties = { color: LIGHT.tintText, textDecoration: "underline" };

/** Inline styles for an announcement's Markdown (src/shared/markdown-view.tsx). */
export const mailMarkdownStyles = {
  p: text,
  a: { color: LIGHT.tintText, textDecoration: "underline" },
  ul: { ...text, paddingLeft: "24px" },
  ol: { ...text, paddingLeft: "24px" },
  li: { margin: "0 0 4px" },
} satisfies Record<string, CSSProperties>;

/** The frame of every mail: the studio's name, a white card with the mail, and a footer with the site's address. */
function MailLayout(props: { publicUrl: string; preview: string | undefined; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_CSS}</style>
      </Head>
      {props.preview ? <Preview>{props.preview}</Preview> : null}
      <Body className="m-body" style={{ margin: 0, padding: 0, backgroundColor: LIGHT.bg, fontFamily: FONT }}>
        <Section className="m-outer" style={{ backgroundColor: LIGHT.bg, padding: "24px 12px" }}>
          <Container style={{ maxWidth: "600px", margin: "0 auto" }}>
            <Section data-skip-in-text="true" style={{ padding: "0 4px 16px" }}>
              <Text className="m-brand" style={{ margin: 0, fontSize: "18px", lineHeight: "28px", fontWeight: 700, color: LIGHT.text, fontFamily: FONT }}>
                <span
                  style={{
                    display: "inline-block",
                    width: "28px",
                    height: "28px",
                    lineHeight: "28px",
                    borderRadius: "9px",
                    backgroundColor: LIGHT.tint,
                    color: "#ffffff",
                    textAlign: "center",
                    fontSize: "16px",
                    marginRight: "10px",
                    verticalAlign: "middle",
                  }}
                >
                  W
                </span>
                <span style={{ verticalAlign: "middle" }}>Webstudio</span>
              </Text>
            </Section>
            <Section
              className="m-card"
              style={{ backgroundColor: LIGHT.card, border: `1px solid ${LIGHT.border}`, borderRadius: "16px", padding: "32px", color: LIGHT.text }}
            >
              {props.children}
            </Section>
            <Section className="m-muted" style={{ padding: "16px 4px 0" }}>
              <Text className="m-muted" style={{ ...small, margin: 0, fontSize: "13px", lineHeight: "20px" }}>
                Webstudio ·{" "}
                <Link className="m-link" href={props.publicUrl} style={{ ...link, color: LIGHT.muted }}>
                  {props.publicUrl}
                </Link>
              </Text>
            </Section>
          </Container>
        </Section>
      </Body>
    </Html>
  );
}

/** A paragraph of the mail. */
export function P(props: { children: ReactNode }) {
  return (
    <Text className="m-text" style={text}>
      {props.children}
    </Text>
  );
}

/** A quieter paragraph: what to do if it was not you, why you get the mail. */
export function Note(props: { children: ReactNode }) {
  return (
    <Text className="m-muted" style={small}>
      {props.children}
    </Text>
  );
}

/** An address spelled out (the text part shows it as it is; the HTML links it). */
export function Url(props: { href: string }) {
  return (
    <Link className="m-link" href={props.href} style={link}>
      {props.href}
    </Link>
  );
}

/** "label: address" on its own line, in both parts. */
export function LinkLine(props: { label: string; href: string }) {
  return (
    <P>
      {props.label}: <Url href={props.href} />
    </P>
  );
}

/** The mail's main action as a button; HTML only, so it must repeat a link the mail also spells out. */
export function ActionButton(props: { href: string; children: string }) {
  return (
    <Section data-skip-in-text="true" style={{ margin: "4px 0 20px" }}>
      <Button
        className="m-button"
        href={props.href}
        style={{
          backgroundColor: LIGHT.tint,
          color: "#ffffff",
          borderRadius: "10px",
          padding: "12px 20px",
          fontSize: "15px",
          fontWeight: 600,
          fontFamily: FONT,
          textDecoration: "none",
        }}
      >
        {props.children}
      </Button>
    </Section>
  );
}

/** Lines of facts ("Label: value") in a soft box: an order, an invoice's totals. */
export function Details(props: { title?: string; lines: [label: string, value: ReactNode][] }) {
  return (
    <Section
      className="m-box"
      style={{ backgroundColor: LIGHT.soft, border: `1px solid ${LIGHT.border}`, borderRadius: "10px", padding: "4px 16px", margin: "0 0 16px" }}
    >
      {props.title ? (
        <Text className="m-text" style={{ ...text, margin: "12px 0 4px", fontWeight: 700 }}>
          {props.title}
        </Text>
      ) : null}
      <Text className="m-text" style={{ ...text, margin: props.title ? "0 0 12px" : "12px 0" }}>
        {props.lines.map(([label, value], index) => (
          <span key={label}>
            {index > 0 ? <br /> : null}
            <span className="m-muted" style={{ color: LIGHT.muted }}>
              {`${label}:`}
            </span>{" "}
            <strong>{value}</strong>
          </span>
        ))}
      </Text>
    </Section>
  );
}

/** A secret or code to type (a temporary password, a confirmation code), large and monospaced. */
export function Code(props: { children: string }) {
  return (
    <span
      className="m-box"
      style={{
        fontFamily: MONO,
        fontSize: "18px",
        fontWeight: 700,
        letterSpacing: "0.04em",
        backgroundColor: LIGHT.soft,
        padding: "2px 8px",
        borderRadius: "6px",
      }}
    >
      {props.children}
    </span>
  );
}

/** Text with several lines (a message excerpt as typed): line breaks kept, React escapes the rest. */
export function Quote(props: { children: string }) {
  const lines = props.children.split("\n");
  return (
    <Section className="m-box" style={{ borderLeft: `3px solid ${LIGHT.border}`, padding: "0 0 0 14px", margin: "0 0 16px" }}>
      <Text className="m-text" style={{ ...text, margin: 0 }}>
        {lines.map((line, index) => (
          // Lines never reorder: their position is their key.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={index}>
            {index > 0 ? <br /> : null}
            {line}
          </span>
        ))}
      </Text>
    </Section>
  );
}

export type ComposedMail = Omit<MailMessage, "text" | "html"> & {
  publicUrl: string;
  /** What an inbox shows after the subject, when the mail's first words would not do. */
  preview?: string;
  body: ReactElement;
};

/** Text-part formatting: links as "text (address)" (the address alone when it is the text), lists with "- ", headings as written. */
const TEXT_OPTIONS = {
  selectors: [
    { selector: "a", options: { linkBrackets: ["(", ")"] as [string, string], hideLinkHrefIfSameAsText: true, noAnchorUrl: true } },
    { selector: "ul", options: { itemPrefix: "- " } },
  ],
};

let renderer: Promise<typeof import("@react-email/render")> | null = null;

/**
 * The message with its HTML and the text derived from it. The renderer (React DOM's server
 * renderer and an HTML-to-text converter) loads with the first mail: most starts send none.
 */
export async function composeMail(mail: ComposedMail): Promise<MailMessage> {
  renderer ??= import("@react-email/render");
  const { render, toPlainText } = await renderer;
  const { publicUrl, preview, body, ...message } = mail;
  const html = await render(
    <MailLayout publicUrl={publicUrl} preview={preview}>
      {body}
    </MailLayout>,
  );
  return { ...message, html, text: toPlainText(html, TEXT_OPTIONS) };
}
