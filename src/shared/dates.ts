// Dates as the product shows them ("November 23, 2026", in UTC so server and browser agree).
// One formatter for the process: building an Intl formatter per call was a large share of a
// signed-in list page's CPU under load. Built on first use: the first one loads ICU's data, a
// cost a start that shows no date need not pay.
let longDate: Intl.DateTimeFormat | undefined;

export function formatDate(value: string | number | Date): string {
  longDate ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return longDate.format(typeof value === "object" ? value : new Date(value));
}
