// The announcements' Markdown subset (markdown.ts) as React elements: text is escaped by React,
// links open in a new tab without handing the page to the site they lead to (rel="noopener") and
// without vouching for it (rel="nofollow"). Shared by the islands and any server rendering.
import type { CSSProperties, ReactNode } from "react";
import { type Block, type Inline, parseMarkdown } from "./markdown";

/** Inline styles per element, for where a style sheet does not reach (an e-mail's HTML). */
export type MarkdownStyles = Partial<Record<"p" | "a" | "ul" | "ol" | "li", CSSProperties>>;

// Keys are positions: the nodes of one parsed text never reorder.
const renderInline = (nodes: Inline[], styles: MarkdownStyles): ReactNode[] => nodes.map(nodeRenderer(styles));

const nodeRenderer = (styles: MarkdownStyles) =>
  function renderNode(node: Inline, key: number): ReactNode {
    if (typeof node === "string") return node;
    if (node.type === "break") return <br key={key} />;
    if (node.type === "strong") return <strong key={key}>{renderInline(node.children, styles)}</strong>;
    if (node.type === "em") return <em key={key}>{renderInline(node.children, styles)}</em>;
    return (
      <a key={key} href={node.href} target="_blank" rel="noopener nofollow" style={styles.a}>
        {renderInline(node.children, styles)}
      </a>
    );
  };

const itemRenderer = (styles: MarkdownStyles) =>
  function renderItem(item: Inline[], key: number) {
    return (
      <li key={key} style={styles.li}>
        {renderInline(item, styles)}
      </li>
    );
  };

const blockRenderer = (styles: MarkdownStyles) =>
  function renderBlock(block: Block, key: number): ReactNode {
    if (block.type === "paragraph")
      return (
        <p key={key} style={styles.p}>
          {renderInline(block.children, styles)}
        </p>
      );
    if (!block.ordered)
      return (
        <ul key={key} style={styles.ul}>
          {block.items.map(itemRenderer(styles))}
        </ul>
      );
    return (
      <ol key={key} start={block.start === 1 ? undefined : block.start} style={styles.ol}>
        {block.items.map(itemRenderer(styles))}
      </ol>
    );
  };

/** `source` rendered: paragraphs, line breaks, bold, italic, links and lists; everything else as typed. */
export function Markdown(props: { source: string; className?: string; id?: string; styles?: MarkdownStyles }) {
  return (
    <div className={props.className ? `markdown ${props.className}` : "markdown"} id={props.id}>
      {parseMarkdown(props.source).map(blockRenderer(props.styles ?? {}))}
    </div>
  );
}
