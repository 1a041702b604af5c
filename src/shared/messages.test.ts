import { expect, test } from "bun:test";
import { linkSegments } from "./messages";

test("http and https addresses become links, sentence punctuation stays text", () => {
  expect(linkSegments("See https://example.com/a?b=1. Or http://x.io!")).toEqual([
    { text: "See " },
    { text: "https://example.com/a?b=1", href: "https://example.com/a?b=1" },
    { text: ". Or " },
    { text: "http://x.io", href: "http://x.io" },
    { text: "!" },
  ]);
});

test("nothing else is a link: script URLs, markup and bare words stay plain text", () => {
  expect(linkSegments('javascript:alert(1) <a href="https://evil.example">x</a> www.example.com')).toEqual([
    { text: 'javascript:alert(1) <a href="' },
    { text: "https://evil.example", href: "https://evil.example" },
    { text: '">x</a> www.example.com' },
  ]);
  expect(linkSegments("plain")).toEqual([{ text: "plain" }]);
});
