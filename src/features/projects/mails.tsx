// The order's mail: the new account's temporary password, with the order it came
// from. Its subject and words live here only; compose.tsx in mail/ derives the text part.
import type { AppDeps } from "../../deps";
import type { MailMessage } from "../../lib/mail";
import { INVOICE_DUE_DAYS, REVIEW_WORKING_DAYS, TEMPORARY_PASSWORD_DAYS, formatPrice, packageFor } from "../../shared/packages";
import type { ProjectDraft } from "../../shared/wizard";
import { ActionButton, Code, Details, LinkLine, Note, P, Url, composeMail } from "../mail";

type OrderMail = { name: string; email: string; projectId: string; reference: string; draft: ProjectDraft; password: string };

/** The visitor's account mail, with the order it came from: what, how much, where to follow it. */
export function temporaryPasswordMail(deps: Pick<AppDeps, "config">, order: OrderMail): Promise<MailMessage> {
  const pkg = packageFor(order.draft.projectType);
  const publicUrl = deps.config.publicUrl;
  const projectName = order.draft.projectName.trim();
  return composeMail({
    to: order.email,
    subject: `Your order "${projectName}" and your Webstudio password`,
    publicUrl,
    body: (
      <>
        <P>Hello {order.name},</P>
        <P>
          Thank you for ordering "{projectName}". We created a Webstudio account for {order.email} so you can follow your project.
        </P>
        <Details
          title="Your order"
          lines={[
            ["Project", projectName],
            ["Package", `${pkg.title} (${pkg.customPages} custom pages)`],
            ["Price", `${formatPrice(pkg.price)}${order.draft.hasAccessCode ? " (waived by your access code)" : ""}`],
            ["Reference", order.reference],
          ]}
        />
        <P>
          Your temporary password: <Code>{order.password}</Code>
        </P>
        <P>
          It works for {TEMPORARY_PASSWORD_DAYS} days. Log in at <Url href={`${publicUrl}/login`} /> and choose a new password when asked.
        </P>
        <ActionButton href={`${publicUrl}/login`}>Log in</ActionButton>
        <LinkLine label="Your project" href={`${publicUrl}/projects/${order.projectId}`} />
        <P>
          What happens next: we review your request within {REVIEW_WORKING_DAYS} working days. Once it is approved we e-mail an invoice, payable within{" "}
          {INVOICE_DUE_DAYS} days, and start building.
        </P>
        <Note>If you did not place this order, you can ignore this e-mail.</Note>
      </>
    ),
  });
}
