// Dates as the product shows them ("November 23, 2026", in UTC so server and browser agree).
// One formatter for the process: building an Intl formatter per call cost a quarter of the CPU
// of a signed-in list page under load. Built on first use: the first one loads ICU's data, about
// 15 ms a start that shows no date need not spend.
let longDate: Intl.DateTimeFormat | undefined;

export function formatDate(value: string | number | Date): string {
  longDate ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return longDate.format(typeof value === "object" ? value : new Date(value));
}
