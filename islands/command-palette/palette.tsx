// The palette: a combobox over one admin search (GET /api/admin/search). Typing searches (after a
// short pause, the newest answer wins), arrow keys move through the hits, Enter opens one.
import { useEffect, useId, useRef, useState } from "react";
import { api, errorMessage } from "../api";

type Hit = NonNullable<Awaited<ReturnType<typeof api.api.admin.search.get>>["data"]>["hits"][number];

const KIND_LABELS: Record<Hit["kind"], string> = {
  project: "Projects",
  customer: "Customers",
  "access-code": "Access codes",
  "bug-report": "Bug reports",
  page: "Pages",
};
const KIND_ORDER: Hit["kind"][] = ["project", "customer", "access-code", "bug-report", "page"];
const DEBOUNCE_MS = 120;
const MIN_DATA_QUERY = 3;

type Answer = { query: string; hits: Hit[]; searchedData: boolean } | { query: string; error: string };

export default function Palette(props: { close: () => void }) {
  const [query, setQuery] = useState("");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [active, setActive] = useState(0);
  const sequence = useRef(0);
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);

  // The dialog focused itself while this chunk was loading; the input takes the focus once here.
  useEffect(() => input.current?.focus(), []);

  useEffect(() => {
    const text = query.trim();
    const ticket = ++sequence.current;
    if (!text) {
      setAnswer(null);
      return;
    }
    const timer = setTimeout(async () => {
      const { data, error } = await api.api.admin.search.get({ query: { q: text } });
      if (ticket !== sequence.current) return;
      setAnswer(data ? { query: text, ...data } : { query: text, error: errorMessage(error) });
      setActive(0);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  const hits = answer && "hits" in answer ? [...answer.hits].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind)) : [];
  const optionId = (index: number) => `${listId}-option-${index}`;

  function go(hit: Hit | undefined) {
    if (!hit) return;
    props.close();
    window.location.assign(hit.href);
  }

  function onKeyDown(event: React.KeyboardEvent) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (hits.length === 0) return;
      setActive((current) => (event.key === "ArrowDown" ? (current + 1) % hits.length : (current - 1 + hits.length) % hits.length));
    } else if (event.key === "Enter") {
      event.preventDefault();
      go(hits[active]);
    }
  }

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: "nearest" });
  });

  const status = !answer
    ? "Search projects by name or customer e-mail, customers, access codes, bug reports and pages."
    : "error" in answer
      ? answer.error
      : hits.length === 0
        ? `No matches for “${answer.query}”.`
        : `${hits.length} ${hits.length === 1 ? "result" : "results"}${answer.searchedData ? "" : ` in pages: type ${MIN_DATA_QUERY} characters to search the data too`}.`;

  let index = -1;
  return (
    <div className="palette">
      <div className="palette-input-row">
        <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
          <path d="M11 18a7 7 0 100-14 7 7 0 000 14zm5-2l4 4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        <input
          ref={input}
          className="palette-input"
          type="text"
          role="combobox"
          aria-label="Search the console"
          aria-expanded={hits.length > 0}
          aria-controls={listId}
          aria-activedescendant={hits.length > 0 ? optionId(active) : undefined}
          aria-autocomplete="list"
          autoComplete="off"
          spellCheck={false}
          placeholder="Search projects, customers, codes, bug reports, pages…"
          value={query}
          maxLength={100}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          data-autofocus
        />
        <span className="palette-esc" aria-hidden="true">
          Esc
        </span>
      </div>
      <div id={listId} role="listbox" aria-label="Results" className="palette-results">
        {KIND_ORDER.map((kind) => {
          const group = hits.filter((hit) => hit.kind === kind);
          if (group.length === 0) return null;
          return (
            <div key={kind} role="group" aria-label={KIND_LABELS[kind]} className="palette-group">
              <div className="palette-group-label" aria-hidden="true">
                {KIND_LABELS[kind]}
              </div>
              {group.map((hit) => {
                index += 1;
                const mine = index;
                return (
                  // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard reaches options through the combobox (arrows, Enter)
                  <div
                    key={hit.href}
                    id={optionId(mine)}
                    role="option"
                    aria-selected={mine === active}
                    tabIndex={-1}
                    className={mine === active ? "palette-option is-active" : "palette-option"}
                    onMouseMove={() => setActive(mine)}
                    onClick={() => go(hit)}
                  >
                    <span className="palette-option-title">{hit.title}</span>
                    <span className="palette-option-detail">{hit.detail}</span>
                  </div>
                );
              })}
            </div>
          );
        })}
      </div>
      <p className="palette-hint" role="status">
        {status}
      </p>
    </div>
  );
}
