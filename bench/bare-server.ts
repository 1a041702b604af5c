// The ceiling every row is compared with: a bare Bun.serve answering the same 20 KB of static
// HTML-like bytes from memory to every request, nothing else. Runs as its own process (like the
// app) and prints its port.
export {};

const BODY_BYTES = 20 * 1024;
const line = "<p>The quick brown fox jumps over the lazy dog, again and again.</p>\n";
const body = new TextEncoder().encode(line.repeat(Math.ceil(BODY_BYTES / line.length)).slice(0, BODY_BYTES));

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: () => new Response(body, { headers: { "content-type": "text/html; charset=utf-8" } }),
});
console.log(server.port);
