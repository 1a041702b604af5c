// `bun run bench`: every benchmark in bench/, one after another.
await import("./public");
