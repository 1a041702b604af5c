// A steady, bounded load through the balancer: a few workers each send one request at a time
// (GET pages, signed-in and anonymous) and one or more place orders, with a pause between
// requests so two shared cores are loaded but not saturated. Every answer is recorded: the test
// decides what counts as an error.
import { orderForm, validDraft } from "../projects/fixtures";

export type Answer = { method: "GET" | "POST"; path: string; status: number; servedBy: string | null; at: number; error?: string };

export type LoadTally = {
  answers: Answer[];
  /** Project ids of orders answered 201. */
  acceptedOrders: string[];
  /** Anything but a 2xx: network errors (status 0), timeouts, 5xx. */
  failures: Answer[];
};

export type LoadOptions = {
  url: string;
  /** Session cookie of the customer who reads /dashboard and places the orders. */
  cookie: string;
  getWorkers?: number;
  orderWorkers?: number;
  pauseMs?: number;
};

const PAGES: Array<{ path: string; signedIn: boolean }> = [
  { path: "/", signedIn: false },
  { path: "/dashboard", signedIn: true },
  { path: "/support", signedIn: false },
  { path: "/api/notifications", signedIn: true },
  { path: "/contact-us", signedIn: true },
];

export function startLoad(options: LoadOptions): { stop(): Promise<LoadTally> } {
  const answers: Answer[] = [];
  const acceptedOrders: string[] = [];
  const origin = new URL(options.url).origin;
  const pauseMs = options.pauseMs ?? 20;
  let stopped = false;
  let sequence = 0;

  const send = async (method: "GET" | "POST", path: string, init: RequestInit): Promise<Response | null> => {
    try {
      const response = await fetch(`${options.url}${path}`, { ...init, method, redirect: "manual", signal: AbortSignal.timeout(10_000) });
      return response;
    } catch (error) {
      answers.push({ method, path, status: 0, servedBy: null, at: Date.now(), error: error instanceof Error ? error.message : String(error) });
      return null;
    }
  };

  const readPages = async (worker: number): Promise<void> => {
    for (let turn = worker; !stopped; turn++) {
      const page = PAGES[turn % PAGES.length] ?? PAGES[0]!;
      const response = await send("GET", page.path, {
        headers: page.signedIn ? { cookie: options.cookie, "accept-encoding": "gzip" } : { "accept-encoding": "gzip" },
      });
      if (response) {
        await response.arrayBuffer().catch(() => {});
        answers.push({ method: "GET", path: page.path, status: response.status, servedBy: response.headers.get("x-served-by"), at: Date.now() });
      }
      await Bun.sleep(pauseMs);
    }
  };

  const placeOrders = async (): Promise<void> => {
    while (!stopped) {
      sequence += 1;
      const form = orderForm(validDraft({ projectName: `Cluster order ${sequence}` }));
      const response = await send("POST", "/api/projects", { body: form, headers: { cookie: options.cookie, origin } });
      if (response) {
        const text = await response.text().catch(() => "");
        answers.push({ method: "POST", path: "/api/projects", status: response.status, servedBy: response.headers.get("x-served-by"), at: Date.now() });
        if (response.status === 201) acceptedOrders.push((JSON.parse(text) as { projectID: string }).projectID);
      }
      await Bun.sleep(pauseMs * 5);
    }
  };

  const workers = [
    ...Array.from({ length: options.getWorkers ?? 3 }, (_, worker) => readPages(worker)),
    ...Array.from({ length: options.orderWorkers ?? 1 }, () => placeOrders()),
  ];

  return {
    async stop() {
      stopped = true;
      await Promise.all(workers);
      return { answers, acceptedOrders, failures: answers.filter((answer) => answer.status < 200 || answer.status >= 300) };
    },
  };
}

/** "GET /dashboard 502 (app2)" lines for a failure report. */
export function describeAnswers(answers: Answer[]): string {
  return answers
    .map(
      (answer) => `${answer.method} ${answer.path} ${answer.status}${answer.servedBy ? ` (${answer.servedBy})` : ""}${answer.error ? ` ${answer.error}` : ""}`,
    )
    .join("\n");
}
