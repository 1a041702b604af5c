// Every island the server may render, by name. The name is also its folder under islands/.

import AccessCodeCreate from "./access-code-create";
import AccountSettings from "./account-settings";
import AdminTable from "./admin-table";
import AdminUsers from "./admin-users";
import Announcements from "./announcements";
import ApiTokens from "./api-tokens";
import BillingDetails from "./billing-details";
import BugReportCreate from "./bug-report-create";
import BugReportDetail from "./bug-report-detail";
import CommandPalette from "./command-palette";
import DeleteAccount from "./delete-account";
import FaqCreate from "./faq-create";
import FaqDetail from "./faq-detail";
import LiveNotice from "./live-notice";
import Messages from "./messages";
import MfaSettings from "./mfa-settings";
import NotificationBell from "./notification-bell";
import NotificationSettings from "./notification-settings";
import Notifications from "./notifications";
import ProjectAdmin from "./project-admin";
import ProjectDelete from "./project-delete";
import ReportBug from "./report-bug";
import Revisions from "./revisions";
import SessionsList from "./sessions-list";
import ThemePicker from "./theme-picker";
import WebhooksAdmin from "./webhooks-admin";
import Wizard from "./wizard";

export const islandComponents = {
  "account-settings": AccountSettings,
  "delete-account": DeleteAccount,
  "notification-settings": NotificationSettings,
  "mfa-settings": MfaSettings,
  "sessions-list": SessionsList,
  "api-tokens": ApiTokens,
  "report-bug": ReportBug,
  "theme-picker": ThemePicker,
  wizard: Wizard,
  "webhooks-admin": WebhooksAdmin,
  "project-delete": ProjectDelete,
  revisions: Revisions,
  messages: Messages,
  "project-admin": ProjectAdmin,
  "access-code-create": AccessCodeCreate,
  "notification-bell": NotificationBell,
  "live-notice": LiveNotice,
  notifications: Notifications,
  announcements: Announcements,
  "admin-users": AdminUsers,
  "admin-table": AdminTable,
  "command-palette": CommandPalette,
  "faq-create": FaqCreate,
  "faq-detail": FaqDetail,
  "bug-report-create": BugReportCreate,
  "bug-report-detail": BugReportDetail,
  "billing-details": BillingDetails,
} as const;

export type IslandName = keyof typeof islandComponents;
