// The announcements' Markdown subset (markdown.ts) as React elements: text is escaped by React,
// links open in a new tab without handing the page to the site they lead to (rel="noopener") and
// without vouching for it (rel="nofollow"). Shared by the islands and any server rendering.
import type { ReactNode } from "react";
import { type Block, type Inline, parseMarkdown } from "./markdown";

// Keys are positions: the nodes of one parsed text never reorder.
const renderInline = (nodes: Inline[]): ReactNode[] => nodes.map(renderNode);

function renderNode(node: Inline, key: number): ReactNode {
  if (typeof node === "string") return node;
  if (node.type === "break") return <br key={key} />;
  if (node.type === "strong") return <strong key={key}>{renderInline(node.children)}</strong>;
  if (node.type === "em") return <em key={key}>{renderInline(node.children)}</em>;
  return (
    <a key={key} href={node.href} target="_blank" rel="noopener nofollow">
      {renderInline(node.children)}
    </a>
  );
}

const renderItem = (item: Inline[], key: number) => <li key={key}>{renderInline(item)}</li>;

function renderBlock(block: Block, key: number): ReactNode {
  if (block.type === "paragraph") return <p key={key}>{renderInline(block.children)}</p>;
  if (!block.ordered) return <ul key={key}>{block.items.map(renderItem)}</ul>;
  return (
    <ol key={key} start={block.start === 1 ? undefined : block.start}>
      {block.items.map(renderItem)}
    </ol>
  );
}

/** `source` rendered: paragraphs, line breaks, bold, italic, links and lists; everything else as typed. */
export function Markdown(props: { source: string; className?: string; id?: string }) {
  return (
    <div className={props.className ? `markdown ${props.className}` : "markdown"} id={props.id}>
      {parseMarkdown(props.source).map(renderBlock)}
    </div>
  );
}
