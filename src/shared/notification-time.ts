// When a notification arrived, as the bell's menu and the notifications page show it (SPEC.md §2, §9).
import { formatDate } from "./dates";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const plural = (count: number, unit: string): string => `${count} ${unit}${count === 1 ? "" : "s"} ago`;

/** Relative within a week ('5 minutes ago'), a long date ('March 3, 2026') for older ones. */
export function formatNotificationTime(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return "Just now";
  if (elapsed < HOUR) return plural(Math.floor(elapsed / MINUTE), "minute");
  if (elapsed < DAY) return plural(Math.floor(elapsed / HOUR), "hour");
  if (elapsed < 7 * DAY) return plural(Math.floor(elapsed / DAY), "day");
  return formatDate(then);
}
