import { expect, test } from "bun:test";
import { type OpenStream, createSseHub } from "./sse";

async function readText(response: Response, until: (text: string) => boolean): Promise<string> {
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!until(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

test("a stream starts with a retry hint, carries heartbeat comments and events with ids", async () => {
  const hub = createSseHub({ heartbeatMs: 20, retryMs: 1_500, log: () => {} });
  const response = hub.open({ id: "1", topics: ["u1"], owner: "s1" });
  hub.publish("u1", { id: 7, data: '{"type":"notification"}' });
  hub.publish("u2", { id: 8, data: '{"type":"other"}' });
  const text = await readText(response, (so) => so.includes(": heartbeat"));
  expect(text).toStartWith("retry: 1500\n");
  expect(text).toContain('id: 7\ndata: {"type":"notification"}\n\n');
  expect(text).not.toContain("id: 8");
  hub.close();
});

test("a client that stops reading is dropped once its buffer is full, and memory stays bounded", async () => {
  const logs: string[] = [];
  const hub = createSseHub({ maxBufferedBytes: 4_096, log: (line) => logs.push(line) });
  const response = hub.open({ id: "2", topics: ["slow"], owner: "s1" });
  expect(hub.size).toBe(1);
  for (let id = 1; id <= 200; id++) hub.publish("slow", { id, data: JSON.stringify({ type: "notification", padding: "x".repeat(64) }) });
  expect(hub.size).toBe(0);
  expect(logs[0]).toContain("dropped");
  // The stream errors, so the client's EventSource reconnects with Last-Event-ID.
  await expect(response.text()).rejects.toThrow();
  hub.close();
});

test("events published during a replay follow it, without repeating what the replay sent", async () => {
  const hub = createSseHub({ log: () => {} });
  let finish: (events: { id: number; data: string }[]) => void = () => {};
  const response = hub.open({ id: "3", topics: ["u1"], owner: "s1", replay: () => new Promise((resolve) => (finish = resolve)) });
  hub.publish("u1", { id: 3, data: "3" });
  hub.publish("u1", { id: 4, data: "4" });
  finish([
    { id: 2, data: "2" },
    { id: 3, data: "3" },
  ]);
  const text = await readText(response, (so) => so.includes("id: 4"));
  expect([...text.matchAll(/id: (\d+)/g)].map((match) => match[1])).toEqual(["2", "3", "4"]);
  hub.close();
});

test("close ends every stream with a retry hint, and a stream opened after it ends at once", async () => {
  const hub = createSseHub({ retryMs: 1_000, log: () => {} });
  const response = hub.open({ id: "4", topics: ["u1"], owner: "s1" });
  hub.close();
  expect(await response.text()).toMatch(/retry: \d+\n\n$/);
  expect(await hub.open({ id: "5", topics: ["u1"], owner: "s1" }).text()).toMatch(/^retry: \d+\n\n$/);
  expect(hub.size).toBe(0);
});

test("endStream ends the stream with that id with a retry hint, and onEnd hears every end once", async () => {
  const ended: string[] = [];
  const hub = createSseHub({ log: () => {}, onEnd: async (id) => void ended.push(id) });
  const [first, second] = [hub.open({ id: "a", topics: ["u1"], owner: "s1" }), hub.open({ id: "b", topics: ["u1"], owner: "s1" })];
  hub.endStream("a");
  hub.endStream("a");
  hub.endStream("unknown");
  expect(await first.text()).toMatch(/retry: \d+\n\n$/);
  expect(hub.size).toBe(1);
  await second.body?.cancel();
  hub.close();
  // Opened while closing: it ends at once, and that end is heard too.
  await hub.open({ id: "c", topics: ["u1"], owner: "s1" }).text();
  expect(ended).toEqual(["a", "b", "c"]);
});

test("a stream asked to end before it opened here (an eviction overtaking its open) ends as it opens", async () => {
  const hub = createSseHub({ log: () => {} });
  hub.endStream("early");
  expect(await hub.open({ id: "early", topics: ["u1"], owner: "s1" }).text()).toMatch(/retry: \d+\n\n$/);
  const later = hub.open({ id: "later", topics: ["u1"], owner: "s1" });
  expect(hub.size).toBe(1);
  await later.body?.cancel();
  hub.close();
});

test("endOwner ends that owner's streams and endTopic every stream on the topic, each with a retry hint", async () => {
  const hub = createSseHub({ log: () => {} });
  const ownerOne = hub.open({ id: "6", topics: ["u1"], owner: "s1" });
  const ownerTwo = hub.open({ id: "7", topics: ["u1", "admins"], owner: "s2" });
  const third = hub.open({ id: "8", topics: ["u2"], owner: "s3" });
  hub.endOwner("s1");
  expect(await ownerOne.text()).toMatch(/retry: \d+\n\n$/);
  expect(hub.size).toBe(2);
  hub.endTopic("admins");
  expect(await ownerTwo.text()).toMatch(/retry: \d+\n\n$/);
  expect(hub.size).toBe(1);
  hub.close();
  await third.text();
});

test("at each heartbeat recheck sees every stream, and the streams it names are ended", async () => {
  const seen: OpenStream[][] = [];
  const hub = createSseHub({
    heartbeatMs: 10,
    log: () => {},
    recheck: async (streams) => {
      seen.push(streams);
      return streams.filter((stream) => stream.owner === "gone").map((stream) => stream.id);
    },
  });
  const kept = hub.open({ id: "9", topics: ["u1"], owner: "kept" });
  const gone = hub.open({ id: "10", topics: ["u2", "admins"], owner: "gone" });
  expect(await gone.text()).toContain(": heartbeat");
  expect(seen[0]).toEqual([
    { id: "9", owner: "kept", topics: ["u1"] },
    { id: "10", owner: "gone", topics: ["u2", "admins"] },
  ]);
  expect(hub.size).toBe(1);
  hub.close();
  await kept.text();
});
