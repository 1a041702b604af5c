// Hydrates every server-rendered island on the page. The loader itself carries no React: React
// (islands/runtime.ts) and an island's bundle load when the island is wanted: at once without
// data-hydrate; "open" when its <details> is about to open; "interaction" on the first pointer,
// touch or focus inside it; "idle" when the browser is idle (within 2 s), or earlier on such an interaction.
// Until a deferred island has hydrated, a click or submit inside it is held and replayed after,
// and what was typed into its fields is handed to React: a fast first click is never lost. A key
// shortcut that an element inside declares (aria-keyshortcuts) wakes it too, as a click on it.

type Trigger = "open" | "interaction" | "idle";
/** A browser kept busy may not be idle for a long time: an "idle" island hydrates by then anyway. */
const IDLE_AT_LATEST_MS = 2000;
const WAKE_EVENTS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

const hydrations = new WeakMap<HTMLElement, Promise<void>>();

function hydrate(element: HTMLElement): Promise<void> {
  let hydration = hydrations.get(element);
  if (!hydration) {
    hydration = import("./runtime")
      .then((runtime) => runtime.hydrateIsland(element))
      .catch((error: unknown) => console.error(`Island "${element.dataset.island}" failed to hydrate`, error));
    hydrations.set(element, hydration);
  }
  return hydration;
}

/** React keeps what was typed before hydration on screen but not in its state; this tells it. */
function handOver(field: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement): void {
  if (field instanceof HTMLSelectElement) {
    field.dispatchEvent(new Event("change", { bubbles: true }));
    return;
  }
  const typed = field.value;
  // A field inside a Suspense boundary may not be hydrated yet: React hydrates it on the first event
  // at it, tracking the value it finds, so this one changes nothing and the next is seen.
  field.dispatchEvent(new Event("input", { bubbles: true }));
  // The element's own setter is React's value tracker; the prototype's is not: the change is seen.
  field.value = typed === "" ? " " : "";
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, typed);
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

/** Whether `event` is the shortcut `keys` names in aria-keyshortcuts' words ("Control+K"). */
function pressed(event: KeyboardEvent, keys: string): boolean {
  const parts = keys.split("+");
  const key = parts.pop()?.toLowerCase();
  const mods = { Control: event.ctrlKey, Meta: event.metaKey, Alt: event.altKey, Shift: event.shiftKey };
  return event.key.toLowerCase() === key && Object.entries(mods).every(([name, down]) => parts.includes(name) === down);
}

/** Wakes `element` on `wakers`' events (and `idle`); holds its clicks and submits until it has hydrated. */
function defer(element: HTMLElement, wakers: EventTarget[], idle: boolean): void {
  const waiting = new AbortController();
  const { signal } = waiting;
  const typed = new Set<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>();
  const held: Array<() => void> = [];
  // Held until hydrated, not only until woken: these listeners outlive `signal`.
  const holding = new AbortController();
  const wake = () => {
    if (signal.aborted) return;
    waiting.abort();
    void hydrate(element).then(() => {
      holding.abort();
      for (const field of typed) if (field.isConnected) handOver(field);
      for (const replay of held) replay();
    });
  };
  for (const target of wakers) for (const type of [...WAKE_EVENTS, "toggle"]) target.addEventListener(type, wake, { signal, passive: true });
  if (idle) {
    if ("requestIdleCallback" in window) requestIdleCallback(wake, { timeout: IDLE_AT_LATEST_MS });
    else setTimeout(wake, 200);
  }
  const hold = (event: Event, replay: () => void) => {
    event.preventDefault();
    event.stopImmediatePropagation();
    held.push(replay);
    wake();
  };
  element.addEventListener(
    "click",
    (event) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      // A plain link works without React: let it go.
      if (target && !target.closest("a[href]")) hold(event, () => target.click());
    },
    { capture: true, signal: holding.signal },
  );
  for (const button of element.querySelectorAll<HTMLElement>("[aria-keyshortcuts]")) {
    const shortcuts = button.getAttribute("aria-keyshortcuts")?.split(" ") ?? [];
    document.addEventListener(
      "keydown",
      (event) => {
        if (shortcuts.some((keys) => pressed(event, keys))) hold(event, () => button.click());
      },
      { signal: holding.signal },
    );
  }
  element.addEventListener(
    "submit",
    (event) => {
      const form = event.target as HTMLFormElement;
      const submitter = (event as SubmitEvent).submitter;
      hold(event, () => form.requestSubmit(submitter));
    },
    { capture: true, signal: holding.signal },
  );
  element.addEventListener(
    "input",
    (event) => {
      const field = event.target;
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement || field instanceof HTMLSelectElement) typed.add(field);
    },
    { capture: true, signal: holding.signal },
  );
}

function start(element: HTMLElement): void {
  const trigger = element.dataset.hydrate as Trigger | undefined;
  const details = trigger === "open" ? element.closest("details") : null;
  if (trigger === "open" && details && !details.open) defer(element, [details], false);
  else if (trigger === "interaction" || trigger === "idle") defer(element, [element], trigger === "idle");
  else void hydrate(element);
}

function startAll(): void {
  for (const element of document.querySelectorAll<HTMLElement>("[data-island]:not([data-hydrated])")) start(element);
}

if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", startAll, { once: true });
else startAll();
