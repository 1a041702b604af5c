// The Activity tab: a project's timeline, newest first, with who did what and when.
import { Pager } from "../../render/list-controls";
import { formatDate } from "../../shared/dates";
import type { PageInfo } from "../../shared/lists";
import { packageFor } from "../../shared/packages";
import { statusLabels } from "../../shared/project-labels";
import type { ActivityItem } from "./model";

/** Human names of the content fields an edit can change (values are never shown). */
const fieldLabels: Record<string, string> = {
  projectName: "project name",
  creatorPhoneNumber: "phone number",
  projectDomainURL: "domain",
  domainProviderURL: "domain provider",
  domainProviderUsername: "domain provider username",
  domainProviderPassword: "domain provider password",
  heroTitle: "hero title",
  heroMessage: "hero message",
  selectedThemes: "themes",
  defaultTheme: "default theme",
  selectedTintColors: "tint colours",
  defaultTintColor: "default tint",
  customTintColor: "custom tint",
  borderRadius: "border radius",
  buttonBorderRadius: "button radius",
  pagesText: "page texts",
  hasSubscriptions: "subscriptions",
  subscriptionTiers: "subscription tiers",
  linkedInURL: "LinkedIn",
  facebookURL: "Facebook",
  instagramURL: "Instagram",
  twitterURL: "Twitter",
  images: "images",
};

const flagWords = {
  editingLocked: ["locked editing", "unlocked editing"],
  revisionsLocked: ["locked revisions", "unlocked revisions"],
  archived: ["archived the project", "restored the project from the archive"],
} as const;

function list(words: string[]): string {
  if (words.length <= 1) return words.join("");
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** What an entry says after its actor's name ("changed the status to Completed"). */
export function describeActivity(item: ActivityItem): string {
  const { details } = item;
  switch (item.kind) {
    case "created":
      return `requested the project (${details.projectType ? packageFor(details.projectType).title : "webapp"})`;
    case "status_changed":
      return details.status === "completed"
        ? "marked the project Completed: delivered, the 10 days for a revision request start now"
        : `changed the status to ${details.status ? statusLabels[details.status] : "another value"}${details.previousStatus ? ` (was ${statusLabels[details.previousStatus]})` : ""}`;
    case "invoice_sent":
      return details.invoiceNumber ? `sent invoice #${details.invoiceNumber}` : "sent the invoice";
    case "payment_recorded":
      return details.method === "card" ? "paid by card" : details.method === "access_code" ? "waived payment with an access code" : "recorded the payment";
    case "payment_refunded":
      return "refunded the payment";
    case "flag_changed":
      return details.flag ? flagWords[details.flag][details.on ? 0 : 1] : "changed a setting";
    case "content_edited":
      return `edited the ${list((details.fields ?? []).map((field) => fieldLabels[field] ?? field)) || "content"}`;
    case "revision_requested":
      return "sent a revision request";
    case "revision_round_granted":
      return "opened another revision round (10 days from now)";
    case "message_posted":
      return details.count ? `posted a message with ${details.count} attachment${details.count === 1 ? "" : "s"}` : "posted a message";
  }
}

// Built on first use, like formatDate's (time zone names are more of ICU's data to load).
let timeFormat: Intl.DateTimeFormat | undefined;
function formatTime(value: Date): string {
  timeFormat ??= new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
  return timeFormat.format(value);
}

function Actor(props: { actor: ActivityItem["actor"] }) {
  if (!props.actor) return <strong>The system</strong>;
  return (
    <>
      <strong>{props.actor.displayName || "Someone"}</strong>
      {props.actor.isStudio ? <span className="badge badge-blue activity-role">Studio</span> : null}
    </>
  );
}

export function ActivityTimeline(props: { items: ActivityItem[]; page: number; info: PageInfo; hrefFor: (page: number) => string }) {
  return (
    <section className="card activity-card" aria-labelledby="activity-title">
      <h2 id="activity-title" className="card-title">
        Activity
      </h2>
      {props.items.length === 0 ? (
        <p className="muted">Nothing has happened on this project yet.</p>
      ) : (
        <ol className="activity-list">
          {props.items.map((item) => (
            <li key={item._id} className="activity-item" data-activity={item.kind}>
              <span className={`activity-dot activity-dot-${item.kind}`} aria-hidden="true" />
              <div className="activity-body">
                <p className="activity-text">
                  <Actor actor={item.actor} /> {describeActivity(item)}
                </p>
                <time className="activity-time muted" dateTime={item.createdAt}>
                  {formatDate(item.createdAt)} · {formatTime(new Date(item.createdAt))}
                </time>
              </div>
            </li>
          ))}
        </ol>
      )}
      <Pager page={props.page} info={props.info} hrefFor={props.hrefFor} label="Activity pages" />
    </section>
  );
}
