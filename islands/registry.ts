// Every island the server may render, by name. The name is also its folder under islands/.
import AccountSettings from "./account-settings";
import DeleteAccount from "./delete-account";
import NotificationSettings from "./notification-settings";
import ReportBug from "./report-bug";
import SubmitSplash from "./submit-splash";
import ThemePicker from "./theme-picker";

export const islandComponents = {
  "account-settings": AccountSettings,
  "delete-account": DeleteAccount,
  "notification-settings": NotificationSettings,
  "report-bug": ReportBug,
  "submit-splash": SubmitSplash,
  "theme-picker": ThemePicker,
} as const;

export type IslandName = keyof typeof islandComponents;
