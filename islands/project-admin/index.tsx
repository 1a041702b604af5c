// The Admin tab (SPEC.md §2, §4): the Status facts with controls for status, payment, refund,
// both locks and archiving, plus the Invoice and Access Code sections and Delete.
import { useRef, useState } from "react";
import { formatDate } from "../../src/shared/dates";
import { type ProjectStatus, type ProjectType, projectStatuses } from "../../src/shared/enums";
import { formatPrice, packageFor } from "../../src/shared/packages";
import { badgeClass, flagLabels, statusColors, statusLabels } from "../../src/shared/project-labels";
import { api, errorMessage } from "../api";
import { useDeleteProject } from "../project-delete";
import { useConfirm } from "../ui/confirm-dialog";
import { ModalHost } from "../ui/modal-views";
import { Toasts, useToast } from "../ui/toasts";

export type AdminProject = {
  _id: string;
  projectName: string;
  projectType: ProjectType;
  createdAt: string;
  status: ProjectStatus;
  receivedPayment: boolean;
  refundIssued: boolean;
  editingLocked: boolean;
  revisionsLocked: boolean;
  archived: boolean;
  invoiceSent: boolean;
  invoiceID: string | null;
  /** The project's current invoice; its state comes from the payment records and the due date. */
  invoice: { number: string; amount: number; dueAt: string; state: "awaiting" | "overdue" | "paid" | "refunded" | "void" } | null;
  accessCode: string | null;
  creatorEmail: string;
  creatorName: string;
};

export type ProjectAdminProps = {
  project: AdminProject;
  /** What deleting does to the project's money, shown in the delete confirmation. */
  moneyNote?: string | null;
};

/** How the server's 409 for marking paid during an open Stripe Checkout begins (decision 084). */
const IN_FLIGHT = "A card payment may be in flight";

type Flag = "receivedPayment" | "refundIssued" | "editingLocked" | "revisionsLocked" | "archived";
type ManualMethod = "bank_transfer" | "cash" | "other";
type Change =
  | Partial<Pick<AdminProject, Flag | "status">>
  | { accessCode: string }
  | { receivedPayment: true; paymentMethod: ManualMethod; paymentReference?: string; confirmOpenCheckout?: true };

/** The header's badges are server-rendered outside this island; keep them in step. */
function syncHeader(project: AdminProject): void {
  const status = document.querySelector<HTMLElement>('[data-project-badge="status"]');
  if (status) {
    status.className = badgeClass(statusColors[project.status]);
    status.textContent = statusLabels[project.status];
  }
  const payment = document.querySelector<HTMLElement>('[data-project-badge="payment"]');
  if (payment) {
    payment.className = badgeClass(project.refundIssued ? "blue" : project.receivedPayment ? "green" : "neutral");
    payment.textContent = project.refundIssued ? "Refunded" : project.receivedPayment ? "Paid" : "Unpaid";
  }
}

const toggles: { flag: Flag; label: string; describe: (on: boolean) => string }[] = [
  { flag: "receivedPayment", label: "Payment received", describe: (on) => (on ? flagLabels.receivedPayment[0] : flagLabels.receivedPayment[1]) },
  { flag: "refundIssued", label: "Refund issued", describe: (on) => (on ? flagLabels.refundIssued[0] : flagLabels.refundIssued[1]) },
  { flag: "editingLocked", label: "Lock editing", describe: (on) => (on ? "Customer cannot edit content" : "Customer can edit content") },
  { flag: "revisionsLocked", label: "Lock revisions", describe: (on) => (on ? "Customer cannot send revision notes" : "Customer can send revision notes") },
];

const invoiceStateNames = { awaiting: "Awaiting payment", overdue: "Overdue", paid: "Paid", refunded: "Refunded", void: "Void" } as const;
const invoiceStateColors = { awaiting: "yellow", overdue: "red", paid: "green", refunded: "blue", void: "neutral" } as const;
const manualMethods: { value: ManualMethod; label: string }[] = [
  { value: "bank_transfer", label: "Bank transfer" },
  { value: "cash", label: "Cash" },
  { value: "other", label: "Other" },
];

/** The server refuses these with 409; the button says why before anyone clicks. */
function invoiceBlocked(project: AdminProject): string | null {
  if (project.accessCode) return "Paid with an access code: nothing to invoice.";
  if (project.status === "pending-approval") return "Approve the project (In Progress) before sending an invoice.";
  if (project.status === "denied") return "A denied project is not invoiced.";
  if (project.receivedPayment) return "Already paid.";
  return null;
}

export default function ProjectAdmin(props: ProjectAdminProps) {
  const [project, setProject] = useState(props.project);
  const [busy, setBusy] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string | null>(null);
  const toast = useToast();
  const confirm = useConfirm();
  const inFlightMessage = useRef("");
  const remove = useDeleteProject({ projectId: project._id, projectName: project.projectName, moneyNote: props.moneyNote ?? null });
  // A void invoice is never sent again: the next one gets a new number.
  const invoiceVoid = project.invoice?.state === "void";
  const pkg = packageFor(project.projectType);

  /** Answers "in-flight" instead of showing the error when the server warns of an open Checkout (409). */
  async function update(key: string, change: Change, options: { askInFlight?: boolean } = {}): Promise<boolean | "in-flight"> {
    setBusy(key);
    const { data, error } = await api.api.admin.projects.patch({ projectIDs: [project._id], updatedFields: change });
    setBusy(null);
    if (error) {
      const text = errorMessage(error);
      if (options.askInFlight && Number(error.status) === 409 && text.startsWith(IN_FLIGHT)) {
        inFlightMessage.current = text;
        return "in-flight";
      }
      toast.error(text);
      return false;
    }
    let next = { ...project, ...change };
    // Paid and Refund issued follow from payment records (a card refund waits for Stripe): read them back.
    if ("receivedPayment" in change || "refundIssued" in change || "accessCode" in change) {
      const fresh = await api.api.projects({ id: project._id }).get();
      if (fresh.data) next = { ...next, receivedPayment: fresh.data.receivedPayment, refundIssued: fresh.data.refundIssued };
    }
    setProject(next);
    syncHeader(next);
    toast.success(data.message);
    return true;
  }

  const invoiceRefusal = invoiceBlocked(project);

  /** A change the customer is told about asks first, naming them (nothing reaches a customer unasked). */
  function askFirst(key: string, change: Change, title: string, confirmLabel: string) {
    confirm({
      id: `customer-change-${key}`,
      title,
      message: `${project.creatorName} will be notified.`,
      confirmLabel,
      onConfirm: async () => {
        if (!(await update(key, change))) throw new Error("The change was refused.");
      },
    });
  }

  const askStatus = (status: ProjectStatus) =>
    askFirst("status", { status }, `Set ${project.projectName} to ${statusLabels[status]}?`, `Set to ${statusLabels[status]}`);
  /** Marking paid by hand records money: ask how it came, and a reference (an access code's waiver needs neither). */
  function askPaid() {
    if (project.accessCode) {
      askFirst("receivedPayment", { receivedPayment: true }, `Restore the access code waiver for ${project.projectName}?`, "Mark paid");
      return;
    }
    const choice: { method: ManualMethod; reference: string } = { method: "bank_transfer", reference: "" };
    confirm({
      id: "customer-change-receivedPayment",
      title: `Mark ${project.projectName} as paid?`,
      message: `Record a payment of ${formatPrice(project.invoice?.amount ?? pkg.price)} received outside Stripe. ${project.creatorName} will be notified.`,
      details: (
        <div className="stack-sm">
          <label htmlFor="paid-method" className="label">
            How was it paid?
          </label>
          <select
            id="paid-method"
            className="select"
            defaultValue={choice.method}
            onChange={(event) => {
              choice.method = event.target.value as ManualMethod;
            }}
          >
            {manualMethods.map((method) => (
              <option key={method.value} value={method.value}>
                {method.label}
              </option>
            ))}
          </select>
          <label htmlFor="paid-reference" className="label">
            Reference (optional)
          </label>
          <input
            id="paid-reference"
            className="input"
            maxLength={200}
            placeholder="Bank reference or receipt number"
            onChange={(event) => {
              choice.reference = event.target.value;
            }}
          />
        </div>
      ),
      confirmLabel: "Mark paid",
      onConfirm: async () => {
        const change: Change = {
          receivedPayment: true,
          paymentMethod: choice.method,
          ...(choice.reference.trim() ? { paymentReference: choice.reference.trim() } : {}),
        };
        const outcome = await update("receivedPayment", change, { askInFlight: true });
        // A card payment may be in flight: say so, and mark paid only if the admin confirms again.
        if (outcome === "in-flight") setTimeout(() => askPaidDespiteCheckout(change), 0);
        else if (!outcome) throw new Error("The change was refused.");
      },
    });
  }

  function askPaidDespiteCheckout(change: Change) {
    confirm({
      id: "customer-change-receivedPayment-in-flight",
      title: "A card payment may be in flight",
      message: inFlightMessage.current,
      confirmLabel: "Mark paid anyway",
      onConfirm: async () => {
        if (!(await update("receivedPayment", { ...change, confirmOpenCheckout: true }))) throw new Error("The change was refused.");
      },
    });
  }

  function askSendInvoice() {
    const amount = formatPrice(project.invoice?.amount ?? pkg.price);
    confirm({
      title:
        project.invoice && !invoiceVoid
          ? `Send invoice ${project.invoice.number} for ${amount} to ${project.creatorEmail} again?`
          : `Send ${invoiceVoid ? "a new" : "an"} invoice for ${formatPrice(pkg.price)} to ${project.creatorEmail}?`,
      message:
        project.invoice && !invoiceVoid
          ? "The customer gets the same invoice again, with the same number and due date."
          : `The invoice gets the next number and is due in 7 days.${invoiceVoid ? ` Void invoice ${project.invoice?.number} stays as it is.` : ""} The mail says the project "${project.projectName}" has been approved.`,
      confirmLabel: project.invoice && !invoiceVoid ? "Resend" : "Send invoice",
      onConfirm: async () => {
        const { data, error } = await api.api.admin.projects.sendinvoice.patch({ projectID: project._id, resend: project.invoiceSent });
        if (error) {
          toast.error(errorMessage(error));
          throw new Error(errorMessage(error));
        }
        toast.success(data.message);
        window.location.reload();
      },
    });
  }

  async function submitCode() {
    if (!code.trim()) {
      setCodeError("Enter an access code");
      return;
    }
    setCodeError(null);
    const ok = await update("accessCode", { accessCode: code.trim() });
    if (ok) {
      setProject((current) => ({ ...current, accessCode: code.trim().toUpperCase() }));
      setCode("");
    } else setCodeError("Access code is invalid.");
  }

  return (
    <div className="admin-panels">
      <section className="card" aria-labelledby="admin-status-title">
        <h2 id="admin-status-title" className="card-title">
          Project controls
        </h2>
        <p className="muted admin-meta">
          Requested by {project.creatorName} ({project.creatorEmail}) on {formatDate(project.createdAt)}.
        </p>
        <div className="admin-controls">
          <div className="control-row">
            <label htmlFor="admin-status" className="control-label">
              Project status
            </label>
            <div className="control-value">
              <select
                id="admin-status"
                className="select"
                value={project.status}
                disabled={busy !== null}
                onChange={(event) => askStatus(event.target.value as ProjectStatus)}
              >
                {projectStatuses.map((status) => (
                  <option key={status} value={status}>
                    {statusLabels[status]}
                  </option>
                ))}
              </select>
              <span className={badgeClass(statusColors[project.status])}>{statusLabels[project.status]}</span>
            </div>
          </div>
          {toggles.map((toggle) => {
            const on = project[toggle.flag];
            return (
              <div className="control-row" key={toggle.flag}>
                <span className="control-label" id={`label-${toggle.flag}`}>
                  {toggle.label}
                </span>
                <div className="control-value">
                  <button
                    type="button"
                    role="switch"
                    className="switch"
                    aria-checked={on}
                    aria-labelledby={`label-${toggle.flag}`}
                    disabled={busy !== null}
                    onClick={() => (toggle.flag === "receivedPayment" && !on ? askPaid() : void update(toggle.flag, { [toggle.flag]: !on }))}
                  >
                    <span className="switch-thumb" />
                  </button>
                  <span className="control-state">{toggle.describe(on)}</span>
                </div>
              </div>
            );
          })}
          <div className="control-row">
            <span className="control-label">Archive</span>
            <div className="control-value">
              <button
                type="button"
                className="button button-sm"
                disabled={busy !== null}
                onClick={() => void update("archived", { archived: !project.archived })}
              >
                {project.archived ? "De-archive" : "Archive"}
              </button>
              <span className="control-state">{project.archived ? "Archived" : "Not archived"}</span>
            </div>
          </div>
        </div>
      </section>
      <div className="admin-side">
        <section className="card" aria-labelledby="invoice-title">
          <div className="card-head">
            <h2 id="invoice-title" className="card-title">
              Invoice
            </h2>
            <span className={badgeClass(project.invoiceSent ? "green" : "neutral")}>{project.invoiceSent ? "Sent" : "Not sent"}</span>
          </div>
          {project.invoice && project.invoiceID ? (
            <p className="invoice-summary">
              <a href={`/invoices/${project.invoiceID}`}>{project.invoice.number}</a> · {formatPrice(project.invoice.amount)} · due{" "}
              {formatDate(project.invoice.dueAt)}{" "}
              <span className={badgeClass(invoiceStateColors[project.invoice.state])}>{invoiceStateNames[project.invoice.state]}</span>
            </p>
          ) : null}
          <p className="muted">
            {pkg.title} · {formatPrice(pkg.price)}, sent to {project.creatorEmail}.
          </p>
          {invoiceRefusal ? <p className="field-hint">{invoiceRefusal}</p> : null}
          <button type="button" className="button button-primary" disabled={busy !== null || invoiceRefusal !== null} onClick={askSendInvoice}>
            {invoiceVoid ? "Send new invoice" : project.invoiceSent ? "Resend" : "Send invoice"}
          </button>
        </section>
        <section className="card" aria-labelledby="code-title">
          <div className="card-head">
            <h2 id="code-title" className="card-title">
              Access Code
            </h2>
            <span className={badgeClass(project.accessCode ? "green" : "neutral")}>{project.accessCode ? "Submitted" : "Not submitted"}</span>
          </div>
          {project.accessCode ? (
            <p className="code-display">{project.accessCode}</p>
          ) : (
            <form
              className="stack-sm"
              onSubmit={(event) => {
                event.preventDefault();
                void submitCode();
              }}
            >
              <label htmlFor="admin-access-code" className="label">
                Code
              </label>
              <div className="code-row">
                <input
                  id="admin-access-code"
                  className="input input-code"
                  value={code}
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={codeError ? true : undefined}
                  aria-describedby={codeError ? "admin-access-code-error" : undefined}
                  onChange={(event) => {
                    setCode(event.target.value);
                    setCodeError(null);
                  }}
                />
                <button type="submit" className="button" disabled={busy !== null}>
                  Submit code
                </button>
              </div>
              {codeError ? (
                <p className="field-error" id="admin-access-code-error">
                  {codeError}
                </p>
              ) : null}
            </form>
          )}
        </section>
        <section className="card danger-zone" aria-labelledby="admin-delete-title">
          <h2 id="admin-delete-title" className="card-title">
            Delete project
          </h2>
          <p className="muted">Removes the request and its images for good.</p>
          <button type="button" className="button button-danger" onClick={remove}>
            Delete Project
          </button>
        </section>
      </div>
      <Toasts />
      <ModalHost />
    </div>
  );
}
