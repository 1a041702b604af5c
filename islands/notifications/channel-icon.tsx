// A channel's picture (SPEC.md §2: a channel has a title, an icon and a photoURL): its photo
// when it has one, otherwise its icon on the tint, shared by the bell and the notifications page.
import type { ChannelKey } from "../../src/shared/notifications";

const PATHS: Record<string, string> = {
  bell: "M6 9a6 6 0 1112 0c0 4.5 1.5 6.5 2.5 7.5h-17C4.5 15.5 6 13.5 6 9zM10 19.5a2 2 0 004 0",
  megaphone: "M4 10v4a1 1 0 001 1h2l5 4V5L7 9H5a1 1 0 00-1 1zM16 9a4 4 0 010 6M18.5 6.5a7.5 7.5 0 010 11",
  people: "M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20c0-3.3 2.9-5.5 6.5-5.5s6.5 2.2 6.5 5.5M16 4.3a3.5 3.5 0 010 6.4M18 14.8c2.1.7 3.5 2.5 3.5 5.2",
};

/** The spec's channels, for a notification whose channel list is not at hand (the bell). */
export const CHANNEL_TITLES: Record<ChannelKey, { title: string; icon: string }> = {
  general: { title: "General", icon: "bell" },
  announcements: { title: "Announcements", icon: "megaphone" },
  social: { title: "Social", icon: "people" },
};

export function Icon(props: { name: string; size?: number }) {
  const size = props.size ?? 18;
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true">
      <path d={PATHS[props.name] ?? PATHS.bell} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function ChannelAvatar(props: { channel: ChannelKey; icon?: string; photoURL?: string; size?: "sm" | "md" }) {
  const icon = props.icon ?? CHANNEL_TITLES[props.channel].icon;
  return (
    <span className={`channel-avatar channel-avatar-${props.size ?? "sm"} channel-${props.channel}`} aria-hidden="true">
      {props.photoURL ? <img src={props.photoURL} alt="" /> : <Icon name={icon} size={props.size === "md" ? 22 : 16} />}
    </span>
  );
}
