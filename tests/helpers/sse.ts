// Reads a Server-Sent Events response the way EventSource does, keeping every field, so tests
// can check ids, retry hints and heartbeats as well as the events.

export type SseMessage = { id?: string; event?: string; data?: string; retry?: string; comment?: string };

export type SseReader = {
  response: Response;
  messages: SseMessage[];
  /** The parsed `data` of every message that had one. */
  events(): { id: string | undefined; type: string; payload: Record<string, unknown> }[];
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: "text/event-stream", ...headers }, signal: controller.signal });
  const messages: SseMessage[] = [];
  const ended = (async () => {
    if (!response.body || response.status !== 200) return;
    const decoder = new TextDecoder();
    let buffer = "";
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf("\n\n");
        while (end !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message: SseMessage = {};
          for (const line of block.split("\n")) {
            const colon = line.indexOf(":");
            const field = colon === -1 ? line : line.slice(0, colon);
            const value = colon === -1 ? "" : line.slice(colon + 1).replace(/^ /, "");
            if (field === "") message.comment = value;
            else if (field === "id" || field === "event" || field === "data" || field === "retry") message[field] = value;
          }
          messages.push(message);
          end = buffer.indexOf("\n\n");
        }
      }
    } catch {
      // Aborted by close(), or the server dropped us.
    }
  })();
  return {
    response,
    messages,
    events: () =>
      messages
        .filter((message) => message.data !== undefined)
        .map((message) => ({ id: message.id, ...(JSON.parse(message.data ?? "{}") as { type: string; payload: Record<string, unknown> }) })),
    ended,
    close: () => controller.abort(),
  };
}
