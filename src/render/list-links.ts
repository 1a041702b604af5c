// Query-string links for the admin lists (decision 013); the controls themselves are in
// src/render/list-controls.tsx and the readers in src/shared/lists.ts.
/** `path?query` without empty or default values, so links stay short. */
export function linkTo(path: string, params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === false || value === "") continue;
    if (key === "page" && value === 1) continue;
    if (key === "sortby" && value === "-createdAt") continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** The hidden fields a search form needs: every set parameter except the search text and the page. */
export function hiddenFields(params: Record<string, string | number | boolean | undefined>, drop: string[]): Record<string, string> {
  const query = linkTo("", params).replace(/^\?/, "");
  const hidden: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(query)) if (!drop.includes(key)) hidden[key] = value;
  return hidden;
}
