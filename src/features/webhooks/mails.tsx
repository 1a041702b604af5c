// The mail that tells each admin a failing webhook endpoint was disabled. Its subject and words
// live here only; compose.tsx in mail/ derives the text part.
import type { User, WebhookEndpoint } from "../../../db/schema";
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail";
import { LinkLine, P, composeMail } from "../mail";

export function endpointDisabledMail(deps: Pick<AppDeps, "config">, admin: User, endpoint: WebhookEndpoint): Promise<MailMessage> {
  return composeMail({
    to: admin.email,
    subject: `Webhook endpoint disabled: ${endpoint.url}`,
    publicUrl: deps.config.publicUrl,
    body: (
      <>
        <P>Hello {admin.displayName},</P>
        <P>
          The webhook endpoint {endpoint.url}
          {endpoint.description ? ` (${endpoint.description})` : ""} failed every delivery for 5 days, so it has been disabled.
        </P>
        <LinkLine
          label="Check the receiver, then enable it again and resend what it missed in the admin console"
          href={`${deps.config.publicUrl}/admin/webhooks`}
        />
      </>
    ),
  });
}
