// Dates as the product shows them ("November 23, 2026", in UTC so server and browser agree).
// One formatter for the process: building an Intl formatter per call cost a quarter of the CPU
// of a signed-in list page under load.
const longDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export function formatDate(value: string | number | Date): string {
  return longDate.format(typeof value === "object" ? value : new Date(value));
}
