// The help centre: FAQs grouped by section in columns (3, 2 or 1 by width) and one FAQ's page.
// Answers are plain text rendered by React, so any markup in them shows as text, never as HTML.
import type { FaqSection } from "../../shared/enums";
import type { FaqJson, FaqSectionGroup } from "./model";

const SECTION_BLURBS: Record<FaqSection, string> = {
  Account: "Signing in, passwords and your settings.",
  Project: "Ordering, payment, delivery and revisions.",
  "Admin Console": "Running the app we build for you.",
};

const sectionSlug = (section: FaqSection): string => section.toLowerCase().replace(/\s+/g, "-");

function SectionIcon(props: { section: FaqSection }) {
  const paths: Record<FaqSection, string> = {
    Account: "M12 12a4 4 0 100-8 4 4 0 000 8zm-7 8a7 7 0 0114 0",
    Project: "M4 6h16v12H4zM4 10h16M8 14h4",
    "Admin Console": "M4 5h16v10H4zM9 19h6M12 15v4M7 9l2 2-2 2",
  };
  return (
    <span className="section-icon" aria-hidden="true">
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <path d={paths[props.section]} />
      </svg>
    </span>
  );
}

/** Blank lines separate paragraphs; single line breaks are kept by CSS (white-space: pre-line). */
function AnswerText(props: { text: string }) {
  return (
    <>
      {props.text.split(/\n\s*\n/).map((paragraph, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a stored answer never reorder
        <p key={index}>{paragraph}</p>
      ))}
    </>
  );
}

/** `text` with every case-insensitive occurrence of `query` marked. */
function Highlighted(props: { text: string; query: string }) {
  const { text, query } = props;
  const lower = text.toLowerCase();
  const needle = query.toLowerCase();
  const parts: { text: string; match: boolean; at: number }[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); needle && at !== -1; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false, at: from });
    parts.push({ text: text.slice(at, at + needle.length), match: true, at });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false, at: from });
  return <>{parts.map((part) => (part.match ? <mark key={part.at}>{part.text}</mark> : <span key={part.at}>{part.text}</span>))}</>;
}

/** A line of the answer around its first match (or its start), for a search result. */
function excerpt(answer: string, query: string): string {
  const flat = answer.replace(/\s+/g, " ").trim();
  const at = flat.toLowerCase().indexOf(query.toLowerCase());
  const start = at > 60 ? flat.lastIndexOf(" ", at - 50) + 1 : 0;
  const end = Math.min(flat.length, Math.max(start + 180, at + query.length + 60));
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}

function SearchResults(props: { query: string; results: FaqJson[] }) {
  const { query, results } = props;
  if (results.length === 0) {
    return (
      <section className="card faq-results" aria-labelledby="faq-results-title">
        <h2 id="faq-results-title">No answers for “{query}”</h2>
        <p className="muted">Try other words, browse all questions, or ask us: we reply to every message.</p>
        <p className="faq-results-actions">
          <a className="button" href="/support">
            All questions
          </a>
          <a className="button button-primary" href="/contact-us">
            Contact Us
          </a>
        </p>
      </section>
    );
  }
  return (
    <section className="card faq-results" aria-labelledby="faq-results-title">
      <h2 id="faq-results-title">
        {results.length === 1 ? "1 answer" : `${results.length} answers`} for “{query}”
      </h2>
      <ul className="faq-result-list">
        {results.map((faq) => (
          <li key={faq._id}>
            <a href={`/support/faq/${faq._id}`}>
              <span className="faq-result-title">
                <Highlighted text={faq.title} query={query} />
              </span>
              <span className="faq-result-text">
                <Highlighted text={excerpt(faq.answer, query)} query={query} />
              </span>
              <span className="faq-tag">{faq.section}</span>
            </a>
          </li>
        ))}
      </ul>
      <p className="faq-back">
        <a href="/support">← All questions</a>
      </p>
    </section>
  );
}

export function SupportView(props: { sections: FaqSectionGroup[]; search: { query: string; results: FaqJson[] } | null }) {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Support</p>
          <h1>How can we help?</h1>
          <p className="lead">Answers to the questions we hear most. Can't find yours? We reply to every message.</p>
          <form className="faq-search" role="search" action="/support" method="get">
            <label htmlFor="faq-search" className="visually-hidden">
              Search the questions
            </label>
            <input
              id="faq-search"
              className="input"
              type="search"
              name="q"
              placeholder="Search the questions"
              defaultValue={props.search?.query ?? ""}
              maxLength={100}
            />
            <button type="submit" className="button button-primary">
              Search
            </button>
          </form>
        </div>
      </section>
      <div className="container page">
        {props.search ? <SearchResults query={props.search.query} results={props.search.results} /> : null}
        {props.search ? null : (
          <div className="faq-columns">
            {props.sections.map((group) => (
              <section key={group.section} className="card faq-section" aria-labelledby={`faq-${sectionSlug(group.section)}`}>
                <header className="faq-section-header">
                  <SectionIcon section={group.section} />
                  <div>
                    <h2 id={`faq-${sectionSlug(group.section)}`}>{group.section}</h2>
                    <p className="subtle">{SECTION_BLURBS[group.section]}</p>
                  </div>
                </header>
                {group.faqs.length > 0 ? (
                  <ul className="faq-list">
                    {group.faqs.map((faq) => (
                      <li key={faq._id}>
                        <a href={`/support/faq/${faq._id}`}>
                          <span>{faq.title}</span>
                          <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true">
                            <path d="M6 3l5 5-5 5" />
                          </svg>
                        </a>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="subtle">No questions here yet.</p>
                )}
              </section>
            ))}
          </div>
        )}
        {props.search?.results.length === 0 ? null : <ContactPrompt />}
      </div>
    </>
  );
}

function ContactPrompt() {
  return (
    <aside className="card contact-prompt" aria-label="Still need help">
      <div>
        <h2>Still need help?</h2>
        <p className="muted">Send us a message and we will get back to you by e-mail.</p>
      </div>
      <a className="button button-primary" href="/contact-us">
        Contact Us
      </a>
    </aside>
  );
}

export function FaqView(props: { faq: FaqJson }) {
  const { faq } = props;
  return (
    <div className="container page faq-page">
      <nav aria-label="Breadcrumb" className="breadcrumb">
        <ol>
          <li>
            <a href="/support">Support</a>
          </li>
          <li>{faq.section}</li>
        </ol>
      </nav>
      <article className="card faq-article">
        <span className="faq-tag">{faq.section}</span>
        <h1>{faq.title}</h1>
        <div className="faq-answer">
          <AnswerText text={faq.answer} />
        </div>
      </article>
      <p className="faq-back">
        <a href="/support">← Back to all questions</a>
      </p>
      <ContactPrompt />
    </div>
  );
}
