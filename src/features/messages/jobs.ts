// The message thread's job: its payload and queue settings, apart from the service so the job
// registry (and through it Deps) never imports the service that takes Deps.
import type { QueueSettings } from "../../lib/jobs";
import type { MessageSide } from "../../shared/enums";

export type MessageJobs = { "messages.unread-mail": { projectId: string; side: MessageSide } };
export const messageQueues = { "messages.unread-mail": { policy: "short", retryLimit: 5, retryDelaySeconds: 30 } } satisfies {
  [Name in keyof MessageJobs]: QueueSettings;
};
