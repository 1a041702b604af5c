// The announcements' Markdown subset (decision 083): each construct, nesting, what stays as typed,
// the plain-text and one-line flattenings, and the React rendering's escaping and links.
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { renderToStaticMarkup } from "react-dom/server";
import { escapeMarkdown, markdownToLine, markdownToText, parseMarkdown } from "./markdown";
import { Markdown } from "./markdown-view";

const html = (source: string) => renderToStaticMarkup(<Markdown source={source} />).replace(/^<div class="markdown">|<\/div>$/g, "");
const text = (source: string) => markdownToText(parseMarkdown(source));
const line = (source: string) => markdownToLine(parseMarkdown(source));

describe("constructs", () => {
  test("paragraphs and line breaks", () => {
    expect(html("One\ntwo\n\n\nThree")).toBe("<p>One<br/>two</p><p>Three</p>");
    expect(parseMarkdown("  \n\n")).toEqual([]);
    expect(html("A\r\nB")).toBe("<p>A<br/>B</p>");
  });

  test("bold, italic with * and _", () => {
    expect(html("**bold** *italic* _also_")).toBe("<p><strong>bold</strong> <em>italic</em> <em>also</em></p>");
    expect(parseMarkdown("**bold**")).toEqual([{ type: "paragraph", children: [{ type: "strong", children: ["bold"] }] }]);
  });

  test("links to http, https and mailto open in a new tab, nofollow", () => {
    expect(html("[Site](https://example.com/a?b=1&c=2)")).toBe(
      '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener nofollow">Site</a></p>',
    );
    expect(html("[old](http://example.com)")).toContain('href="http://example.com"');
    expect(html("[Write](mailto:hello@example.com)")).toContain('href="mailto:hello@example.com"');
  });

  test("bullet lists with - or *, numbered lists keeping their first number", () => {
    expect(html("- one\n- two")).toBe("<ul><li>one</li><li>two</li></ul>");
    expect(html("* one\n* **two**")).toBe("<ul><li>one</li><li><strong>two</strong></li></ul>");
    expect(html("1. one\n2. two")).toBe("<ol><li>one</li><li>two</li></ol>");
    expect(html("3. three\n4. four")).toBe('<ol start="3"><li>three</li><li>four</li></ol>');
  });

  test("lists beside paragraphs: a list may follow a line, blank lines between items keep one list", () => {
    expect(html("We have:\n- cake\n\n- tea\nThanks")).toBe("<p>We have:</p><ul><li>cake</li><li>tea</li></ul><p>Thanks</p>");
    expect(html("- cake\n  with cream\n- tea")).toBe("<ul><li>cake<br/>with cream</li><li>tea</li></ul>");
    expect(html("- a\n1. b")).toBe("<ul><li>a</li></ul><ol><li>b</li></ol>");
    // Only a list starting at 1 interrupts a paragraph: a year at the start of a line is text.
    expect(html("Founded in\n2026. A good year")).toBe("<p>Founded in<br/>2026. A good year</p>");
  });
});

describe("nesting", () => {
  test("italic in bold, bold in italic, bold in a link, a link in bold", () => {
    expect(html("**bold *and italic***")).toBe("<p><strong>bold <em>and italic</em></strong></p>");
    expect(html("*italic **and bold***")).toBe("<p><em>italic <strong>and bold</strong></em></p>");
    expect(html("**bold *and italic* here**")).toBe("<p><strong>bold <em>and italic</em> here</strong></p>");
    expect(html("*italic **and bold** here*")).toBe("<p><em>italic <strong>and bold</strong> here</em></p>");
    expect(html("[**Read** more](https://example.com)")).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener nofollow"><strong>Read</strong> more</a></p>',
    );
    expect(html("**see [this](https://example.com)**")).toContain("<strong>see <a");
  });

  test("a span may cross a line break inside its paragraph, never a paragraph", () => {
    expect(html("**one\ntwo**")).toBe("<p><strong>one<br/>two</strong></p>");
    expect(html("**one\n\ntwo**")).toBe("<p>**one</p><p>two**</p>");
  });
});

describe("shown as typed", () => {
  test("unclosed or unmatched markers", () => {
    for (const source of [
      "**bold",
      "*italic",
      "_italic",
      "bold**",
      "a * b * c",
      "2 * 3",
      "** not bold**",
      "**not bold **",
      "[text](https://x.example",
      "[text]",
      "[](https://example.com)",
    ])
      expect(text(source)).toBe(source);
    expect(html("**bold")).toBe("<p>**bold</p>");
  });

  test("underscores inside words and file names stay", () => {
    expect(text("snake_case_name and __init__.py")).toBe("snake_case_name and __init__.py");
  });

  test("javascript:, data: and relative links are refused, as text", () => {
    for (const source of ["[x](javascript:alert(1))", "[x](JavaScript:alert(1))", "[x](data:text/html,hi)", "[x](/dashboard)", "[x](https://a b)"]) {
      expect(html(source)).not.toContain("<a");
      expect(text(source)).toBe(source);
    }
  });

  test("HTML tags are text, escaped by React", () => {
    expect(html('<script>alert("x")</script> <b>hi</b>')).toBe("<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &lt;b&gt;hi&lt;/b&gt;</p>");
    expect(html("**<img src=x onerror=alert(1)>**")).toBe("<p><strong>&lt;img src=x onerror=alert(1)&gt;</strong></p>");
  });

  test("a backslash keeps a marker as text", () => {
    expect(text("\\*not italic\\* and \\- \\[x\\]")).toBe("*not italic* and - [x]");
    expect(html("\\- not a list")).toBe("<p>- not a list</p>");
  });

  test("escapeMarkdown makes any text read as typed", () => {
    for (const name of ["Ada *Admin*", "_the_ [team](https://x.example)", "- Ada", "1. Ada", "back\\slash"]) expect(text(escapeMarkdown(name))).toBe(name);
  });
});

describe("plain text for mail and one-line previews", () => {
  const source =
    "**Closed** on *Friday*.\nSee [our hours](https://example.com/hours) or [mail us](mailto:hi@example.com).\n\n- Orders wait\n- Support replies Monday\n\n1. Pay\n2. Relax";

  test("mail text: markers gone, links as text (address), lists as - item", () => {
    expect(text(source)).toBe(
      "Closed on Friday.\nSee our hours (https://example.com/hours) or mail us (hi@example.com).\n\n- Orders wait\n- Support replies Monday\n\n1. Pay\n2. Relax",
    );
    expect(text("[https://example.com](https://example.com)")).toBe("https://example.com");
    expect(text("- first\n  second")).toBe("- first\n  second");
  });

  test("one line: links as their text, items after •", () => {
    expect(line(source)).toBe("Closed on Friday. See our hours or mail us. • Orders wait • Support replies Monday 1. Pay 2. Relax");
    expect(line("  ")).toBe("");
  });
});

describe("very long input", () => {
  test("thousands of unclosed markers and brackets parse in linear time, as typed", () => {
    for (const unit of ["**a ", "*a ", "_a ", "[a ", "[a](", "[a](javascript:x) ", "** *_ [", "\\"]) {
      const source = unit.repeat(50_000);
      const started = performance.now();
      const result = text(source);
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(result).toBe(source.trim().replace(/\\\\/g, "\\"));
    }
  });

  test("a long message with every construct keeps every word", () => {
    const paragraph = "**Bold** and *italic* with [a link](https://example.com) and more words.";
    const source = Array.from({ length: 2_000 }, () => paragraph).join("\n\n");
    const started = performance.now();
    expect(html(source).match(/<strong>/g)).toHaveLength(2_000);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});

describe("any text", () => {
  /** Text made mostly of the subset's markers, where the parser's edge cases are. */
  const markdownish = (withNewlines: boolean) =>
    fc
      .array(
        fc.constantFrom(
          "*",
          "**",
          "_",
          "[",
          "]",
          "(",
          ")",
          "\\",
          "-",
          "1.",
          " ",
          "a",
          "é",
          "<b>",
          "https://x.example",
          "javascript:",
          "mailto:a@x.example",
          ...(withNewlines ? ["\n", "\n\n"] : []),
        ),
        {
          maxLength: 40,
        },
      )
      .map((parts) => parts.join(""));

  test("renders without throwing, links only to http, https or mailto, never markup of its own", () => {
    fc.assert(
      fc.property(markdownish(true), (source) => {
        const rendered = html(source);
        for (const [, href] of rendered.matchAll(/href="([^"]*)"/g)) expect(href).toMatch(/^(https?:|mailto:)/);
        expect(rendered).not.toContain("<b>");
        expect(markdownToLine(parseMarkdown(source))).not.toContain("\n");
      }),
      { numRuns: 2_000 },
    );
  });

  test("escaped, any one line reads back as typed", () => {
    fc.assert(
      fc.property(
        markdownish(false).filter((source) => source.trim() === source),
        (source) => expect(text(escapeMarkdown(source))).toBe(source),
      ),
      { numRuns: 2_000 },
    );
  });
});
