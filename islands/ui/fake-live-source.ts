// Island tests' stand-in for EventSource: records the URLs opened and lets a test emit events.
import type { LiveEvent } from "../../src/shared/live-events";
import { type LiveSource, setLiveSourceFactory } from "./live-events";

export type FakeLiveSources = { urls: string[]; open(): number; emit(id: number, event: LiveEvent): void };

export function fakeLiveSources(): FakeLiveSources {
  const sources: (LiveSource & { closed: boolean })[] = [];
  const urls: string[] = [];
  setLiveSourceFactory((url) => {
    urls.push(url);
    const source = {
      onmessage: null,
      onerror: null,
      readyState: 1,
      closed: false,
      close() {
        source.closed = true;
      },
    } as LiveSource & { closed: boolean };
    sources.push(source);
    return source;
  });
  return {
    urls,
    open: () => sources.filter((source) => !source.closed).length,
    emit(id, event) {
      for (const source of sources) if (!source.closed) source.onmessage?.({ data: JSON.stringify(event), lastEventId: String(id) });
    },
  };
}
