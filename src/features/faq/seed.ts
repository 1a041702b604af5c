// Starter FAQs for a new install, so the help centre is never empty on day one.
//
// Seeded at start-up when the faqs table is empty (not by a migration: migrations hold schema,
// and data in them would be re-applied into every test database and fight admins' edits).
// A start that finds FAQs does nothing more (one query, no transaction); otherwise a
// transaction-scoped advisory lock makes two instances starting together seed once: the second
// waits, then sees the rows and does nothing. An install whose admins delete every
// FAQ gets the starter set back at the next start, which is better than an empty help centre.
import type { NewFaq } from "../../../db/schema";
import type { Db } from "../../lib/db";
import { newId } from "../../lib/ids";
import { invalidatePublicPages } from "../../render/page-cache";
import type { FaqSection } from "../../shared/enums";
import { INVOICE_DUE_DAYS, REVISION_WINDOW_DAYS, formatPrice, packages } from "../../shared/packages";
import { hasAnyFaq, insertFaqs, lockFaqSeeding } from "./queries";

const priceList = packages.map((p) => `${p.title} ${formatPrice(p.price)} (${p.customPages} custom pages)`).join(", ");

export const STARTER_FAQS: readonly { title: string; section: FaqSection; answer: string }[] = [
  {
    section: "Account",
    title: "Do I need an account before I order?",
    answer:
      "No. You can start a project request straight from the pricing section. When you submit it we create your account for you and e-mail you a temporary password.\n\nSign in with that password and you will be asked to choose your own.",
  },
  {
    section: "Account",
    title: "How do I reset my password?",
    answer:
      "Open Log In and choose 'Forgot Password?'. Enter the e-mail address of your account and we will send you a link to set a new password. The link works once and expires after one hour.",
  },
  {
    section: "Account",
    title: "How do I change my theme or tint colour?",
    answer:
      "Open Settings from the profile menu. Under Appearance you can pick Light, Dark or Blue and one of four tint colours. The change applies at once and is saved to your account.",
  },
  {
    section: "Account",
    title: "Can I delete my account?",
    answer:
      "Yes. Go to Settings and choose to delete your account. You will be asked to confirm, and once confirmed your account and sign-in sessions are removed.",
  },
  {
    section: "Project",
    title: "What do the packages cost and what is included?",
    answer: `There are three fixed-price packages: ${priceList}.\n\nEvery package includes the ready-made Login, Registration, Landing, Settings, Support, Admin Console, Notifications and Subscription Portal pages, plus the full source code.`,
  },
  {
    section: "Project",
    title: "When do I pay?",
    answer: `After we approve your project request we send you an invoice. Payment is due within ${INVOICE_DUE_DAYS} days; a project whose invoice is not paid in time is deleted.`,
  },
  {
    section: "Project",
    title: "Can I ask for changes after delivery?",
    answer: `Yes, once. You have ${REVISION_WINDOW_DAYS} days after delivery to send one revision request from the Revisions tab of your project. Describe everything you would like changed in that one request.`,
  },
  {
    section: "Project",
    title: "Can I get a refund?",
    answer:
      "A refund is given only if we terminate the project. In every other case payments are not refundable, so please read the Terms and Conditions before ordering.",
  },
  {
    section: "Admin Console",
    title: "What can I do in the admin console of my app?",
    answer:
      "The admin console that ships with your app lets you manage your users and their roles, answer bug reports, edit your FAQs and send announcements to every user, in the app or by e-mail.",
  },
  {
    section: "Admin Console",
    title: "How do I send an announcement to my users?",
    answer:
      "In the admin console open Quick Actions and choose an app or e-mail announcement. Write your message and send it; large audiences are notified in the background and you are told when it is done.",
  },
  {
    section: "Admin Console",
    title: "Who can become an admin?",
    answer:
      "Any registered user. A super admin searches for the user by name under General and makes them an admin. Only super admins can remove an admin or promote one to super admin.",
  },
];

/** Inserts the starter FAQs when there are none; answers whether it did. */
export async function seedFaqs(db: Db): Promise<boolean> {
  if (await hasAnyFaq(db)) return false;
  const seeded = await db.transaction(async (tx) => {
    await lockFaqSeeding(tx);
    if (await hasAnyFaq(tx)) return false;
    const base = Date.now();
    // One millisecond apart, so the reading order is the order written here.
    const rows: NewFaq[] = STARTER_FAQS.map((faq, index) => ({
      id: newId(base + index),
      ...faq,
      createdAt: new Date(base + index),
      updatedAt: new Date(base + index),
    }));
    await insertFaqs(tx, rows);
    return true;
  });
  if (seeded) invalidatePublicPages(db);
  return seeded;
}
