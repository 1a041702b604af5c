// `bun run bench`: every benchmark in bench/, one after another.
export {};

await import("./public");
