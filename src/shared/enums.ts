// The closed sets of values the database stores and the browser shows: statuses, package types,
// FAQ sections, notification channels and the user's settings shape. db/schema.ts imports them;
// they import nothing, so the islands can use them without pulling in Drizzle.

export type ChannelSwitches = { generalEnabled: boolean; announcementsEnabled: boolean; socialEnabled: boolean };
export type UserSettings = {
  theme: { themeColor: number; tintColor: number };
  appNotifications: ChannelSwitches;
  emailNotifications: ChannelSwitches;
};

export const defaultUserSettings = (): UserSettings => ({
  theme: { themeColor: 0, tintColor: 0 },
  appNotifications: { generalEnabled: true, announcementsEnabled: true, socialEnabled: true },
  emailNotifications: { generalEnabled: true, announcementsEnabled: true, socialEnabled: true },
});

export const projectStatuses = ["pending-approval", "in-progress", "completed", "in-review", "denied"] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const projectTypes = ["s", "m", "l"] as const;
export type ProjectType = (typeof projectTypes)[number];
export const radii = ["square", "rounded", "pill"] as const;
export type Radius = (typeof radii)[number];
export type SubscriptionTier = { name: string; pricePerMonth: string; features: string };

export const faqSections = ["Account", "Project", "Admin Console"] as const;
export type FaqSection = (typeof faqSections)[number];

export const channelIds = ["general", "announcements", "social"] as const;
export type ChannelId = (typeof channelIds)[number];
