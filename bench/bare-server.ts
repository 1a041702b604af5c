// The baseline for bench/public.ts: a bare Bun.serve that answers prepared bytes from memory,
// with the same headers the app sent, and nothing else. Reads the routes as JSON on stdin and
// prints its port.
export {};

type Route = { status: number; headers: Record<string, string>; body: string };

const routes = JSON.parse(await Bun.stdin.text()) as Record<string, Route>;
const prepared = new Map(
  Object.entries(routes).map(([path, route]) => {
    const body = Buffer.from(route.body, "base64");
    return [path, { ...route, body, gzip: Bun.gzipSync(body, { level: 9 }) }] as const;
  }),
);

const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch(request) {
    const route = prepared.get(new URL(request.url).pathname);
    if (!route) return new Response("Not Found", { status: 404 });
    const gzip = (request.headers.get("accept-encoding") ?? "").includes("gzip");
    return new Response(gzip ? route.gzip : route.body, {
      status: route.status,
      headers: gzip ? { ...route.headers, "content-encoding": "gzip" } : route.headers,
    });
  },
});
console.log(server.port);
