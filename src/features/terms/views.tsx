// Terms and Conditions (SPEC.md §2 and §9): eleven numbered sections. The periods come from the
// shared constants, so the terms and the rules the server enforces cannot drift apart.
import type { ReactNode } from "react";
import { FIXED_PAGES, INVOICE_DUE_DAYS, REVISION_WINDOW_DAYS, formatPrice, packages } from "../../shared/packages";

type Section = { id: string; title: string; body: ReactNode };

const SECTIONS: Section[] = [
  {
    id: "acceptance",
    title: "Acceptance",
    body: (
      <>
        <p>
          These Terms and Conditions govern every project request made through Webstudio ("we", "us") by you, the client. By submitting a project request, or by
          creating or using an account, you agree to these terms. If you do not agree, do not submit a request.
        </p>
        <p>Accepting these terms is part of every project request: you confirm it by ticking the box and signing with your name.</p>
      </>
    ),
  },
  {
    id: "project-requests",
    title: "Project Requests",
    body: (
      <>
        <p>
          A project request describes the web app you want: its package (
          {packages.map((p) => `${p.title} at ${formatPrice(p.price)} with ${p.customPages} custom pages`).join(", ")}), its content, themes, colours and any
          subscription tiers.
        </p>
        <p>
          Every package includes the {FIXED_PAGES.join(", ")} pages and the source code. We review each request and may approve or deny it. Work starts only
          after approval; the content you give us must be yours to use and accurate.
        </p>
      </>
    ),
  },
  {
    id: "payment",
    title: "Payment",
    body: (
      <p>
        Once your request is approved we send you an invoice for the package price. Payment is due within {INVOICE_DUE_DAYS} days of the invoice. If it is not
        paid within {INVOICE_DUE_DAYS} days, the project is deleted and we have no further obligation to build it. Prices are fixed per package and shown with a
        $ sign.
      </p>
    ),
  },
  {
    id: "client-review",
    title: "Client Review",
    body: (
      <p>
        When we deliver your app you have {REVISION_WINDOW_DAYS} days to review it and make one revision request, sent from the Revisions tab of your project.
        Put every change you want into that single request. After the {REVISION_WINDOW_DAYS} days, or once the revision has been delivered, the project is
        complete and further changes are new work.
      </p>
    ),
  },
  {
    id: "indemnity",
    title: "Indemnity",
    body: (
      <p>
        You agree to indemnify and hold us harmless from any claim, loss or expense, including reasonable legal fees, that arises from the content, logos,
        images or text you supply, from how you use the delivered app, or from your breach of these terms.
      </p>
    ),
  },
  {
    id: "liability",
    title: "Liability",
    body: (
      <p>
        We build with care, but we do not guarantee that the app will be free of every error or uninterrupted. To the extent the law allows, we are not liable
        for indirect or consequential loss, such as lost profit or data, and our total liability for a project is limited to the amount you paid for it.
      </p>
    ),
  },
  {
    id: "copyright",
    title: "Copyright",
    body: (
      <p>
        You keep the rights to the content you supply and you confirm you may use it. Once the invoice is paid in full you receive the source code of your app
        and may use and change it for your business. The underlying template remains ours; we may reuse its general components, but never your content.
      </p>
    ),
  },
  {
    id: "design-credit",
    title: "Design Credit",
    body: (
      <p>
        Unless we agree otherwise in writing, the delivered app may carry a small "Built by Webstudio" credit, and we may show your app's name and screenshots
        in our portfolio. Ask us if you would rather not be featured and we will respect that.
      </p>
    ),
  },
  {
    id: "refunds",
    title: "Refunds",
    body: (
      <p>
        A refund is given only if we terminate the project. If the project ends for any other reason, including a cancellation by you or a missed payment
        deadline, no refund is given.
      </p>
    ),
  },
  {
    id: "termination",
    title: "Termination",
    body: (
      <p>
        We may terminate a project at any time, for example when a request cannot be built as described or breaks these terms; if we do, we refund what you paid
        for it. A project whose invoice is not paid within {INVOICE_DUE_DAYS} days ends automatically. You may stop a project by deleting it from its Status
        tab, without a refund.
      </p>
    ),
  },
  {
    id: "general",
    title: "General",
    body: (
      <p>
        These terms are the whole agreement between you and us about your project. If a part of them is found unenforceable, the rest still applies. We may
        update these terms; the version you accepted with a request applies to that request. Questions? Write to us through the{" "}
        <a href="/contact-us">Contact Us</a> page.
      </p>
    ),
  },
];

export function TermsView() {
  return (
    <>
      <section className="page-hero">
        <div className="container">
          <p className="eyebrow">Legal</p>
          <h1>Terms and Conditions</h1>
          <p className="lead">Plain terms for every project: what you get, when you pay and what happens if plans change.</p>
        </div>
      </section>
      <div className="container page terms-layout">
        <nav aria-label="Sections" className="card terms-toc">
          <h2 className="toc-title">Contents</h2>
          <ol>
            {SECTIONS.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <ol className="terms-sections">
          {SECTIONS.map((section, index) => (
            <li key={section.id} id={section.id} className="terms-section">
              <h2>
                <span className="terms-number">{index + 1}.</span> {section.title}
              </h2>
              {section.body}
            </li>
          ))}
        </ol>
      </div>
    </>
  );
}
