// The controls of every server-rendered list (dashboard, admin FAQ and bug reports): filter pills
// and sort are links, the title search is a GET form, paging is two links. No JavaScript needed.
import type { ReactNode } from "react";
import type { PageInfo, SortOrder } from "../shared/lists";

export function FilterPill(props: { href: string; active: boolean; children: ReactNode }) {
  return (
    <a className={props.active ? "pill is-active" : "pill"} href={props.href} aria-current={props.active ? "true" : undefined}>
      {props.children}
    </a>
  );
}

/** A GET search form; `hidden` carries the rest of the list's state (not the page: a new search starts at 1). */
export function SearchForm(props: {
  action: string;
  name: string;
  value: string;
  label: string;
  hidden: Record<string, string>;
  id: string;
  placeholder?: string;
}) {
  return (
    <form className="list-search" method="get" action={props.action} role="search" aria-label={props.label}>
      {Object.entries(props.hidden).map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
      <label htmlFor={props.id} className="visually-hidden">
        {props.label}
      </label>
      <svg className="list-search-icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path d="M11 19a8 8 0 100-16 8 8 0 000 16zm10 2l-4.35-4.35" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input id={props.id} className="input" type="search" name={props.name} defaultValue={props.value} placeholder={props.placeholder ?? "Search by title"} />
      <button type="submit" className="button">
        Search
      </button>
    </form>
  );
}

export function SortLinks(props: { current: SortOrder; hrefFor: (sort: SortOrder) => string; label: string }) {
  return (
    <nav className="sort-links" aria-label={props.label}>
      <a href={props.hrefFor("-createdAt")} aria-current={props.current === "-createdAt" ? "true" : undefined}>
        Most Recent
      </a>
      <a href={props.hrefFor("createdAt")} aria-current={props.current === "createdAt" ? "true" : undefined}>
        Least Recent
      </a>
    </nav>
  );
}

export function Pager(props: { page: number; info: PageInfo; hrefFor: (page: number) => string; label: string }) {
  if (props.info.pagesCount <= 1) return null;
  const { page } = props;
  return (
    <nav className="pager" aria-label={props.label}>
      {page > 1 ? (
        <a className="button button-sm" href={props.hrefFor(page - 1)} rel="prev">
          Previous
        </a>
      ) : (
        <span className="button button-sm" aria-disabled="true">
          Previous
        </span>
      )}
      <span className="pager-count">
        {`Page ${Math.min(page, props.info.pagesCount)} of ${props.info.pagesCount}${props.info.totalCountCapped ? "+" : ""}`}
      </span>
      {props.info.canLoadMore ? (
        <a className="button button-sm" href={props.hrefFor(page + 1)} rel="next">
          Next
        </a>
      ) : (
        <span className="button button-sm" aria-disabled="true">
          Next
        </span>
      )}
    </nav>
  );
}
