// A project's short reference for people (decision 097): "WS-1042", from the number the database
// gives each project at creation. URLs and the API keep the project's id; this is what a mail, a
// page or a phone call names, and what an admin may type into the search.

export const formatProjectReference = (referenceNumber: number): string => `WS-${referenceNumber}`;

/** The number a typed reference names ("WS-1042", "ws 1042", "#1042"), or null when the text is not one. */
export function parseProjectReference(text: string): number | null {
  const match = /^\s*(?:WS[\s-]?|#)(\d{1,9})\s*$/i.exec(text);
  return match ? Number(match[1]) : null;
}
