// The Markdown subset admins write announcements in (decision 083): paragraphs and line breaks,
// **bold**, *italic* or _italic_, [text](https://…) links (http, https and mailto only), "- " or
// "* " bullet lists and "1. " numbered lists. Everything else is text, shown as typed: an
// unclosed marker, a link to any other scheme, an HTML tag. A backslash before a marker keeps it
// as text (\*). The parser builds a small tree, never HTML: React renders it (markdown-view.tsx,
// so React escapes it) and the functions below flatten it for mail and for one-line previews.
// It runs on the server and in the islands, so it stays small and has no dependencies.

/** Text, a line break, or a span around more of them. */
export type Inline =
  | string
  | { type: "break" }
  | { type: "strong"; children: Inline[] }
  | { type: "em"; children: Inline[] }
  | { type: "link"; href: string; children: Inline[] };
export type Block = { type: "paragraph"; children: Inline[] } | { type: "list"; ordered: boolean; start: number; items: Inline[][] };

type SpanKind = "strong" | "em" | "link";

const BULLET = /^ {0,3}[-*][ \t]+(?=\S)/;
const NUMBERED = /^ {0,3}(\d{1,9})\.[ \t]+(?=\S)/;
const ESCAPABLE = "\\*_[]()-.";
const LINK_SCHEMES = new Set(["http:", "https:", "mailto:"]);
const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** A line that starts a list item: its kind, its number and its text. */
function listItem(line: string): { ordered: boolean; start: number; text: string } | null {
  const bullet = BULLET.exec(line);
  if (bullet) return { ordered: false, start: 1, text: line.slice(bullet[0].length) };
  const numbered = NUMBERED.exec(line);
  if (numbered) return { ordered: true, start: Number(numbered[1]), text: line.slice(numbered[0].length) };
  return null;
}

type RawBlock = { type: "paragraph"; lines: string[] } | { type: "list"; ordered: boolean; start: number; items: string[][] };

/** Splits the source into paragraphs and lists; the text inside them is parsed after. */
function splitBlocks(source: string): RawBlock[] {
  const blocks: RawBlock[] = [];
  let open: RawBlock | null = null;
  let afterBlank = false;
  for (const line of source.replace(/\r\n?/g, "\n").split("\n")) {
    if (!line.trim()) {
      // A list goes on after a blank line if its next item follows; a paragraph ends.
      if (open?.type === "paragraph") open = null;
      afterBlank = true;
      continue;
    }
    const item = listItem(line);
    // As in CommonMark, a numbered list interrupts a paragraph only when it starts at 1.
    if (item && (open?.type !== "paragraph" || !item.ordered || item.start === 1)) {
      if (open?.type === "list" && open.ordered === item.ordered) open.items.push([item.text.trim()]);
      else {
        open = { type: "list", ordered: item.ordered, start: item.start, items: [[item.text.trim()]] };
        blocks.push(open);
      }
    } else if (open?.type === "list" && !afterBlank && /^\s/.test(line)) {
      // An indented line right under an item continues it.
      open.items.at(-1)?.push(line.trim());
    } else if (open?.type === "paragraph") {
      open.lines.push(line.trim());
    } else {
      open = { type: "paragraph", lines: [line.trim()] };
      blocks.push(open);
    }
    afterBlank = false;
  }
  return blocks;
}

/**
 * The position of the first closing `marker` at or after `from` in `text`, or -1. Closers are
 * looked for left to right, so each search remembers its answer: a later search from a position
 * up to that answer has the same one. That keeps a text full of unclosed markers linear.
 */
function closerFinder(text: string) {
  const memo = new Map<string, { from: number; at: number }>();
  const closes = (marker: string, at: number): boolean => {
    // A link's brackets and parenthesis close wherever they are.
    if (marker === "]" || marker === ")") return true;
    if (isSpace(text[at - 1])) return false;
    // In a run of three (***), bold closes with the last two stars and italic with the last one.
    if (marker === "**") return text[at + 2] !== "*";
    // A single * or _ closes only alone (not as part of ** or __); _ also not inside a word.
    const before = text[at - 1];
    const after = text[at + 1];
    if (after === marker || (before === marker && !(marker === "*" && text[at - 2] === "*"))) return false;
    return marker === "*" || !isWordChar(after);
  };
  return (marker: string, from: number): number => {
    const known = memo.get(marker);
    if (known && from >= known.from && (known.at === -1 || from <= known.at)) return known.at;
    let at = text.indexOf(marker, from);
    while (at !== -1 && !closes(marker, at)) at = text.indexOf(marker, at + 1);
    memo.set(marker, { from, at });
    return at;
  };
}

/** The link target if it is an absolute http, https or mailto address; null keeps the link as text. */
function safeHref(target: string): string | null {
  if (!target || /\s/.test(target) || !URL.canParse(target)) return null;
  return LINK_SCHEMES.has(new URL(target).protocol) ? target : null;
}

/** Bold, italic and links in `text` (a span's kind is not looked for again inside itself). */
function parseInline(text: string, inside: readonly SpanKind[] = []): Inline[] {
  const nodes: Inline[] = [];
  const closer = closerFinder(text);
  let plain = "";
  const add = (node: Inline) => {
    if (plain) nodes.push(plain);
    plain = "";
    nodes.push(node);
  };
  let at = 0;
  while (at < text.length) {
    const char = text[at] as string;
    const next = text[at + 1];
    if (char === "\\" && next !== undefined && ESCAPABLE.includes(next)) {
      plain += next;
      at += 2;
      continue;
    }
    if (char === "\n") {
      add({ type: "break" });
      at += 1;
      continue;
    }
    if (char === "*" && next === "*" && !inside.includes("strong") && !isSpace(text[at + 2])) {
      const end = closer("**", at + 3);
      if (end !== -1) {
        add({ type: "strong", children: parseInline(text.slice(at + 2, end), [...inside, "strong"]) });
        at = end + 2;
        continue;
      }
    }
    const opensEm = char === "*" || (char === "_" && !isWordChar(text[at - 1]));
    if (opensEm && next !== char && !isSpace(next) && !inside.includes("em")) {
      const end = closer(char, at + 2);
      if (end !== -1) {
        add({ type: "em", children: parseInline(text.slice(at + 1, end), [...inside, "em"]) });
        at = end + 1;
        continue;
      }
    }
    if (char === "[" && !inside.includes("link")) {
      const label = closer("]", at + 2);
      const end = label !== -1 && text.startsWith("](", label) ? closer(")", label + 2) : -1;
      const href = end === -1 ? null : safeHref(text.slice(label + 2, end));
      if (href) {
        add({ type: "link", href, children: parseInline(text.slice(at + 1, label), [...inside, "link"]) });
        at = end + 1;
        continue;
      }
    }
    plain += char;
    at += 1;
  }
  if (plain) nodes.push(plain);
  return nodes;
}

export function parseMarkdown(source: string): Block[] {
  return splitBlocks(source).map((block) =>
    block.type === "paragraph"
      ? { type: "paragraph", children: parseInline(block.lines.join("\n")) }
      : { type: "list", ordered: block.ordered, start: block.start, items: block.items.map((lines) => parseInline(lines.join("\n"))) },
  );
}

/** A link as mail text shows it: "text (address)", or the address alone when that is its text. */
function linkText(label: string, href: string): string {
  const address = href.startsWith("mailto:") ? href.slice("mailto:".length) : href;
  return label === address || label === href ? address : `${label} (${address})`;
}

function inlineText(nodes: Inline[], withAddresses: boolean): string {
  return nodes
    .map((node) => {
      if (typeof node === "string") return node;
      if (node.type === "break") return "\n";
      const text = inlineText(node.children, withAddresses);
      return node.type === "link" && withAddresses ? linkText(text, node.href) : text;
    })
    .join("");
}

/** Each item with its marker ("- " or "1. "), for text that has no list elements. */
const itemLines = (block: Extract<Block, { type: "list" }>, withAddresses: boolean, bullet: string) =>
  block.items.map((item, index) => `${block.ordered ? `${block.start + index}.` : bullet} ${inlineText(item, withAddresses).replaceAll("\n", "\n  ")}`);

/** Plain text, as a text mail carries it: markers gone, links as "text (address)", list items as "- item". */
export function markdownToText(blocks: Block[]): string {
  return blocks.map((block) => (block.type === "paragraph" ? inlineText(block.children, true) : itemLines(block, true, "-").join("\n"))).join("\n\n");
}

/** One line for a preview (the bell, a list row): markers gone, links as their text, items run on after "•". */
export function markdownToLine(blocks: Block[]): string {
  return blocks
    .map((block) => (block.type === "paragraph" ? inlineText(block.children, false) : itemLines(block, false, "•").join(" ")))
    .join(" ")
    .replace(/\s+/g, " ")
    .trim();
}

/** `text` with every marker escaped, so it reads as typed when parsed (a name inside a message). */
export const escapeMarkdown = (text: string): string => text.replace(/[\\*_[\]()]/g, "\\$&").replace(/^(\s*)(\d+)?([.-])(?=\s)/gm, "$1$2\\$3");
