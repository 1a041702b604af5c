// Money nobody can lose, hunted at random (decision 077): fast-check's model-based
// testing drives sequences of what customers, admins, Stripe and the overdue job do, through the
// HTTP API and the job functions, and after every step checks the ledger's invariants against the
// database and the fake Stripe's own records:
//   - no invoice or payment row ever disappears;
//   - invoice numbers are 1..N without a gap;
//   - a void invoice stays void (never paid, never reopened);
//   - for every invoice, the succeeded card payments equal Stripe's succeeded payment intents of its
//     Checkout Sessions, and its succeeded card refunds equal Stripe's refunds of those intents;
//   - payments, refunds and reversals recorded by hand are exactly those the model recorded;
//   - an invoice that is not void reads Paid exactly when a payment that pays it (applied) stands (not
//     reversed), and the invoice lists (/billing, the admin's Payments page) say Refunded exactly when a
//     refund succeeded;
//   - the Payments page's totals equal the sums over the rows, per currency (usd, and eur from a wrong payment);
//   - card money that cannot pay its invoice (a wrong amount or currency, a void invoice, a deleted
//     project, an invoice already paid) is recorded unapplied with exactly one "needs attention" entry of
//     the cause the model predicts, and one notification to the admin per entry; a refund Stripe refused
//     has its entry too, and no other entry exists;
//   - money is refunded automatically exactly where nothing is owed (void invoice, deleted project,
//     overpayment), once, and every refund is answered (succeeded, or failed with Stripe's reason).
// Stripe refuses the refunds of some payments (refuseRefunds) until it is told to allow them again.
// One server and one fake Stripe serve every run; each run has its own customers and clock offset.
// Reproduce a failure with LEDGER_MODEL_SEED=<seed> (fast-check prints the seed and the path).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { invoices, notifications, paymentIssues, payments, projectDeletions } from "../../db/schema";
import { sendInvoiceReminders } from "../../src/features/payments";
import { listCustomerInvoices, listRecentInvoices, periodTotals } from "../../src/features/payments/queries";
import { deleteOverdueProjects } from "../../src/features/projects";
import { type TestServer, startTestServer } from "../helpers/server";
import { type FakeEvent, type FakeStripe, startFakeStripe } from "../helpers/stripe";
import { waitFor } from "../helpers/wait";
import { createProjectAs } from "../projects/fixtures";

const DAY = 24 * 60 * 60 * 1000;
// The default seed and run count drive every command and every outcome (a refused refund asked again included);
// LEDGER_MODEL_VERBOSE=1 prints what a run covered.
const SEED = Number(process.env.LEDGER_MODEL_SEED ?? 7);
const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 30);
const COMMANDS = Number(process.env.LEDGER_MODEL_COMMANDS ?? 40);
const webhookSecret = "whsec_ledger_model";

let server: TestServer;
let stripe: FakeStripe;
let admin: { cookie: string; user: { id: string } };
/** The app's clock: real time plus the current run's offset, moved forward by the overdue job command. */
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

beforeAll(async () => {
  stripe = await startFakeStripe({ webhookSecret });
  server = await startTestServer(
    { STRIPE_SECRET_KEY: "sk_test_fake", STRIPE_WEBHOOK_SECRET: webhookSecret, STRIPE_API_URL: stripe.url, OVERDUE_GRACE_DAYS: "3" },
    { now: clock },
  );
  stripe.setWebhookUrl(`${server.url}/api/payments/stripe/webhook`);
  admin = await server.createAdmin();
}, 60_000);
afterAll(async () => {
  await server?.stop();
  await stripe?.stop();
});

// ---------------------------------------------------------------------------------------------
// The model

/** A payment not refunded or reversed; card money that does not pay its invoice (applied false) stands too. */
type Standing = { kind: "card"; paymentIntent: string; applied: boolean } | { kind: "manual" };
/** What the app must make of card money: pay the invoice, or a needs-attention entry of this kind. */
type Outcome = "applied" | "amount_mismatch" | "currency_mismatch" | "void_invoice" | "project_deleted" | "overpayment";
/** The outcomes where nothing is owed: the money goes back to the customer at once. */
const REFUNDED_AUTOMATICALLY: ReadonlySet<Outcome> = new Set(["void_invoice", "project_deleted", "overpayment"]);
const REFUSAL = "This charge is disputed and cannot be refunded.";
type ModelCustomer = { id: string; cookie: string; password: string; email: string; deleted: boolean };
type ModelProject = {
  id: string;
  customer: number;
  status: "pending" | "in-progress" | "denied";
  deleted: boolean;
  /** The invoice a new Checkout is for (the latest sent), and every invoice it ever had. */
  invoice: string | null;
  invoices: string[];
  /** Payments not refunded or reversed, as the model knows them. */
  standing: Standing[];
};
type Model = {
  customers: ModelCustomer[];
  projects: ModelProject[];
  /** Invoices the app said are void (by the admin's Void, Deny or a deletion). */
  voided: Set<string>;
  /** Checkout Sessions the app opened, for which invoice and project. */
  sessions: { id: string; invoice: string; project: number }[];
  /** Sessions paid at Stripe whose webhooks are held back (late), to be delivered by DeliverHeld. */
  held: { id: string; invoice: string; project: number }[];
  /** What each card payment (by payment intent) must have become, as the model predicted it. */
  outcomes: Map<string, Outcome>;
  /** Payment intents whose refunds Stripe refuses now. */
  refused: Set<string>;
  /** Rows recorded by hand that the model expects: payments, and refunds or reversals of them. */
  manualPayments: number;
  manualUndos: number;
  emails: string[];
  /** When the run began: the totals compared are of the rows made since (earlier runs' rows are older). */
  startedAt: Date;
  /** Every invoice and payment id seen in this run, with each invoice's last status. Each run checks its own
   * rows (and that it adds no gap), so a counterexample shrinks against a fresh run, not a broken past. */
  seenInvoices: Map<string, string>;
  seenPayments: Set<string>;
  gapsAtStart: number;
};
type Real = Record<string, never>;

let run = 0;
/** How many numbers 1..max are missing from the invoices. */
const gapsIn = (numbers: number[]): number => (numbers.length === 0 ? 0 : Math.max(...numbers) - new Set(numbers).size);

const patch = (projectID: string, updatedFields: Record<string, unknown>) =>
  server.request("/api/admin/projects", { method: "PATCH", cookie: admin.cookie, json: { projectIDs: [projectID], updatedFields } });

function expectStatus(response: Response, allowed: number[], what: string, body?: string): void {
  if (!allowed.includes(response.status))
    throw new Error(`${what}: answered ${response.status}, expected one of ${allowed.join(", ")}${body ? `: ${body}` : ""}`);
}

const live = (m: Model, index: number): ModelProject | null => {
  const candidates = m.projects.filter((p) => !p.deleted);
  return candidates.length === 0 ? null : (candidates[index % candidates.length] ?? null);
};
/** Mostly a live project the model thinks `likely` suits; every third pick any live one (refusals are answers too). */
const pick = (m: Model, index: number, likely: (p: ModelProject) => boolean): ModelProject | null => {
  const fitting = m.projects.filter((p) => !p.deleted && likely(p));
  return fitting.length > 0 && index % 3 !== 0 ? (fitting[index % fitting.length] ?? null) : live(m, index);
};
const liveCustomer = (m: Model, index: number): ModelCustomer | null => {
  const candidates = m.customers.filter((c) => !c.deleted);
  return candidates.length === 0 ? null : (candidates[index % candidates.length] ?? null);
};

/** The project's pending card refunds, once Stripe's events arrive, have succeeded (or failed). */
async function settleRefunds(projectID: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const rows = await server.deps.database.db.select().from(payments);
    if (!rows.some((row) => row.projectId === projectID && row.kind === "refund" && row.status === "pending")) return;
    if (Date.now() > deadline) throw new Error(`a card refund of project ${projectID} stayed pending`);
    await Bun.sleep(25);
  }
}

/** Every refund asked of Stripe, by an admin or automatically, has Stripe's answer (succeeded or failed). */
const settleAllRefunds = () =>
  waitFor(
    "every card refund to be answered by Stripe",
    async () => !(await server.deps.database.db.select().from(payments)).some((row) => row.kind === "refund" && row.status === "pending"),
    15_000,
  );

async function invoiceStatus(id: string): Promise<string | undefined> {
  const [row] = await server.deps.database.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id));
  return row?.status;
}

/** What the app must make of card money for this invoice, from what the model knows just before it arrives. */
function predict(project: ModelProject | undefined, status: string | undefined, wrong: "amount" | "currency" | null): Outcome {
  if (!project || project.deleted) return "project_deleted";
  if (status === "void") return "void_invoice";
  if (status === "paid") return "overpayment";
  if (wrong === null) return "applied";
  return wrong === "amount" ? "amount_mismatch" : "currency_mismatch";
}

/** The model's side of card money the app was told of: what it must be, and whether it stands on the project. */
function paidByCard(m: Model, project: ModelProject | undefined, paymentIntent: string, outcome: Outcome): void {
  m.outcomes.set(paymentIntent, outcome);
  if (project && !project.deleted && !REFUNDED_AUTOMATICALLY.has(outcome))
    project.standing.push({ kind: "card", paymentIntent, applied: outcome === "applied" });
}

// ---------------------------------------------------------------------------------------------
// The invariants, read from the database and the fake Stripe after every step

async function checkInvariants(m: Model): Promise<void> {
  const db = server.deps.database.db;
  const invoiceRows = await db.select().from(invoices);
  const paymentRows = await db.select().from(payments);
  const invoiceIds = new Set(invoiceRows.map((row) => row.id));
  const paymentIds = new Set(paymentRows.map((row) => row.id));

  // Nothing disappears.
  for (const id of m.seenInvoices.keys()) if (!invoiceIds.has(id)) throw new Error(`invoice ${id} disappeared`);
  for (const id of m.seenPayments) if (!paymentIds.has(id)) throw new Error(`payment record ${id} disappeared`);

  // Gapless numbers (the first run starts from an empty table, so 1..N; later runs add no gap).
  const numbers = invoiceRows.map((row) => row.number);
  if (gapsIn(numbers) !== m.gapsAtStart) throw new Error(`invoice numbers have a gap: ${numbers.sort((a, b) => a - b).join(",")}`);
  if (m.gapsAtStart === 0 && new Set(numbers).size !== numbers.length) throw new Error("two invoices share a number");

  // A void invoice stays void; the model's voids are void.
  for (const row of invoiceRows) {
    const before = m.seenInvoices.get(row.id);
    if (before === "void" && row.status !== "void") throw new Error(`void invoice ${row.number} became ${row.status}`);
    if (row.status === "paid" && row.voidedAt) throw new Error(`invoice ${row.number} is paid and was voided`);
  }
  for (const id of m.voided) {
    const row = invoiceRows.find((r) => r.id === id);
    if (row?.status !== "void") throw new Error(`invoice ${row?.number} was voided but reads ${row?.status}`);
  }

  // Card money per invoice equals Stripe's.
  const intentsOf = new Map<string, string[]>();
  for (const session of stripe.sessions.values()) {
    const invoiceId = session.metadata.invoiceId;
    if (!invoiceId || !session.payment_intent) continue;
    intentsOf.set(invoiceId, [...(intentsOf.get(invoiceId) ?? []), session.payment_intent]);
  }
  // A payment whose webhooks Stripe has not sent yet is in flight: the app cannot know it.
  const inFlight = new Set(stripe.pending.map((event) => (event.data.object as { id?: string; payment_intent?: string }).payment_intent ?? ""));
  for (const event of stripe.pending) if (event.type === "payment_intent.succeeded") inFlight.add((event.data.object as { id: string }).id);
  for (const row of invoiceRows) {
    if (row.createdAt < m.startedAt) continue;
    const intents = new Set((intentsOf.get(row.id) ?? []).filter((id) => !inFlight.has(id)));
    const stripePaid = [...intents].reduce(
      (sum, id) => sum + (stripe.paymentIntents.get(id)?.status === "succeeded" ? (stripe.paymentIntents.get(id)?.amount_received ?? 0) : 0),
      0,
    );
    const stripeRefunded = [...stripe.refunds.values()]
      .filter((r) => intents.has(r.payment_intent) && r.status === "succeeded")
      .reduce((sum, r) => sum + r.amount, 0);
    const mine = paymentRows.filter((p) => p.invoiceId === row.id && p.method === "card" && p.status === "succeeded");
    const appPaid = mine.filter((p) => p.kind === "payment").reduce((sum, p) => sum + p.amountCents, 0);
    const appRefunded = mine.filter((p) => p.kind === "refund").reduce((sum, p) => sum + p.amountCents, 0);
    if (appPaid !== stripePaid || appRefunded !== stripeRefunded) {
      throw new Error(`invoice ${row.number}: card paid ${appPaid} refunded ${appRefunded} in the app, ${stripePaid} and ${stripeRefunded} at Stripe`);
    }
  }
  // Every card payment names an invoice (so the per-invoice comparison covers all card money).
  for (const p of paymentRows) if (p.method === "card" && p.kind === "payment" && !p.invoiceId) throw new Error(`card payment ${p.id} has no invoice`);

  // Manual entries: only those the model recorded (this run's customers).
  const emails = new Set(m.emails);
  const manual = paymentRows.filter((p) => emails.has(p.customerEmail) && p.method !== "card" && p.method !== "access_code");
  const manualPayments = manual.filter((p) => p.kind === "payment").length;
  const manualUndos = manual.filter((p) => p.kind !== "payment" && p.status === "succeeded").length;
  if (manualPayments !== m.manualPayments || manualUndos !== m.manualUndos) {
    throw new Error(
      `manual entries: ${manualPayments} payments and ${manualUndos} refunds/reversals recorded, the model expects ${m.manualPayments} and ${m.manualUndos}`,
    );
  }

  // Totals per currency equal the sums of the rows.
  const now = clock();
  const reversed = new Set(paymentRows.filter((p) => p.kind === "reversal" && p.status === "succeeded").map((p) => p.paymentId));
  const sums = new Map<string, { paid: number; refunded: number; outstanding: number; overdue: number }>();
  const of = (currency: string) => {
    const found = sums.get(currency) ?? { paid: 0, refunded: 0, outstanding: 0, overdue: 0 };
    sums.set(currency, found);
    return found;
  };
  for (const p of paymentRows) {
    if (p.createdAt < m.startedAt) continue;
    if (p.kind === "payment" && p.status === "succeeded" && !reversed.has(p.id)) of(p.currency).paid += p.amountCents;
    if (p.kind === "refund" && p.status === "succeeded") of(p.currency).refunded += p.amountCents;
  }
  for (const row of invoiceRows) {
    if (row.status !== "open" || row.createdAt < m.startedAt) continue;
    of("usd").outstanding += row.totalCents;
    if (row.dueAt.getTime() < now.getTime()) of("usd").overdue += row.totalCents;
  }
  const app = await periodTotals(db, m.startedAt, new Date(now.getTime() + 3650 * DAY), now);
  const usd = of("usd");
  const mineTotals = { paidCents: usd.paid, refundedCents: usd.refunded, outstandingCents: usd.outstanding, overdueCents: usd.overdue };
  // Each currency the page lists adds up on its own, and every currency money moved in is listed.
  const currencyRows = new Map(app.byCurrency.map((total) => [total.currency.toLowerCase(), total]));
  const byCurrencyAgrees =
    [...currencyRows].every(
      ([currency, total]) => total.paidCents === (sums.get(currency)?.paid ?? 0) && total.refundedCents === (sums.get(currency)?.refunded ?? 0),
    ) && [...sums].every(([currency, sum]) => (sum.paid === 0 && sum.refunded === 0) || currencyRows.has(currency));
  const { byCurrency: _, ...appTotals } = app;
  if (JSON.stringify(appTotals) !== JSON.stringify(mineTotals) || !byCurrencyAgrees) {
    const rows = paymentRows.map(
      (p) =>
        `${p.id} ${p.kind}/${p.method}/${p.status} ${p.amountCents} ${p.currency} of ${p.paymentId ?? "-"} inv ${p.invoiceId ?? "-"} at ${p.createdAt.toISOString()}`,
    );
    throw new Error(`the Payments page's totals ${JSON.stringify(app)} differ from the rows' ${JSON.stringify(mineTotals)}:\n${rows.join("\n")}`);
  }

  // An invoice that is not void reads Paid exactly when a payment that pays it stands recorded (not reversed).
  for (const row of invoiceRows) {
    if (row.createdAt < m.startedAt || row.status === "void") continue;
    const paid = paymentRows.some((p) => p.invoiceId === row.id && p.kind === "payment" && p.status === "succeeded" && p.applied && !reversed.has(p.id));
    if ((row.status === "paid") !== paid)
      throw new Error(`invoice ${row.number} reads ${row.status}, but a payment for it ${paid ? "stands" : "does not stand"}`);
  }

  // The admin's invoice list says Refunded exactly for invoices with a succeeded refund.
  const listed = await listRecentInvoices(db, invoiceRows.length + 1);
  for (const row of listed) {
    if (row.createdAt < m.startedAt) continue;
    const refunded = paymentRows.some((p) => p.invoiceId === row.invoiceId && p.kind === "refund" && p.status === "succeeded");
    if (row.refunded !== refunded)
      throw new Error(`the invoice list says invoice ${row.number} is${row.refunded ? "" : " not"} refunded; its rows say otherwise`);
  }

  await checkAttentionAndAutomaticRefunds(m, paymentRows);

  for (const row of invoiceRows) if (row.createdAt >= m.startedAt || m.seenInvoices.has(row.id)) m.seenInvoices.set(row.id, row.status);
  for (const p of paymentRows) if (p.createdAt >= m.startedAt) m.seenPayments.add(p.id);
}

/**
 * Card money that does not pay its invoice has exactly one needs-attention entry, of the cause the
 * model predicted; so has each refund Stripe refused; no other entry names this run's money, and the
 * admin was told of each entry once. Money is refunded automatically exactly where nothing is owed,
 * once, and Stripe has answered every refund.
 */
async function checkAttentionAndAutomaticRefunds(m: Model, paymentRows: (typeof payments.$inferSelect)[]): Promise<void> {
  const db = server.deps.database.db;
  const issueRows = await db.select().from(paymentIssues);
  const issueByKey = new Map(issueRows.map((row) => [row.key, row]));
  const mine = paymentRows.filter((p) => p.createdAt >= m.startedAt);
  const expectedKeys = new Set<string>();
  for (const p of mine) {
    if (p.kind === "refund" && p.status === "pending") throw new Error(`refund ${p.id} of ${p.providerPaymentIntentId} is still pending`);
    if (p.kind === "refund" && p.status === "failed") {
      const key = `refund-failed:${p.id}`;
      const issue = issueByKey.get(key);
      expectedKeys.add(key);
      if (issue?.kind !== "refund_failed" || !p.failureReason || !issue.message.includes(p.failureReason))
        throw new Error(
          `the refused refund ${p.id} (${p.failureReason}) needs attention, but the entry reads ${issue ? `${issue.kind}: ${issue.message}` : "nothing"}`,
        );
    }
    if (p.kind !== "payment" || p.method !== "card") continue;
    const intent = p.providerPaymentIntentId ?? "";
    const predicted = m.outcomes.get(intent);
    const issue = issueByKey.get(`payment:${intent}`);
    if (predicted !== undefined && (predicted === "applied") !== p.applied)
      throw new Error(`card payment ${intent} is ${p.applied ? "" : "not "}applied; the model predicted ${predicted}`);
    if (!p.applied) {
      expectedKeys.add(`payment:${intent}`);
      if (!issue) throw new Error(`card payment ${intent} does not pay its invoice and needs no attention`);
      if (predicted !== undefined && issue.kind !== predicted) throw new Error(`card payment ${intent} needs attention as ${issue.kind}, not ${predicted}`);
    }
    const automatic = paymentRows.filter((r) => r.kind === "refund" && r.paymentId === p.id && r.recordedBy === null);
    const owedNothing = !p.applied && REFUNDED_AUTOMATICALLY.has(issue?.kind as Outcome);
    if (automatic.length !== (owedNothing ? 1 : 0))
      throw new Error(`card payment ${intent} (${issue?.kind ?? "applied"}) was refunded automatically ${automatic.length} times`);
    if (owedNothing && automatic[0]?.status !== "succeeded")
      throw new Error(`the automatic refund of ${intent} is ${automatic[0]?.status}: ${automatic[0]?.failureReason}`);
  }
  for (const intent of m.outcomes.keys())
    if (!mine.some((p) => p.kind === "payment" && p.providerPaymentIntentId === intent)) throw new Error(`card payment ${intent} was not recorded`);
  const ids = new Set(mine.map((p) => p.id));
  const extra = issueRows.filter((row) => row.paymentId && ids.has(row.paymentId) && !expectedKeys.has(row.key));
  if (extra.length > 0) throw new Error(`needs attention without a cause: ${extra.map((row) => `${row.kind}: ${row.message}`).join("; ")}`);
  // Each entry was told to the admin once (two entries may read alike: count them by message).
  const told = new Map<string, number>();
  for (const note of await db.select().from(notifications).where(eq(notifications.userId, admin.user.id)))
    told.set(note.message, (told.get(note.message) ?? 0) + 1);
  const raised = new Map<string, number>();
  for (const key of expectedKeys) {
    const message = `Payments need attention: ${issueByKey.get(key)?.message}`;
    raised.set(message, (raised.get(message) ?? 0) + 1);
  }
  for (const [message, count] of raised)
    if (told.get(message) !== count) throw new Error(`"${message}" was told to the admin ${told.get(message) ?? 0} times, raised ${count}`);
}

// ---------------------------------------------------------------------------------------------
// The commands

abstract class Step implements fc.AsyncCommand<Model, Real> {
  abstract check(m: Readonly<Model>): boolean;
  abstract act(m: Model): Promise<void>;
  abstract toString(): string;
  async run(m: Model): Promise<void> {
    await this.act(m);
    await settleAllRefunds();
    await checkInvariants(m);
  }
}

class Order extends Step {
  constructor(readonly who: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.customers.some((c) => !c.deleted) && m.projects.length < 8;
  }
  async act(m: Model) {
    const customer = liveCustomer(m, this.who);
    if (!customer) return;
    const id = await createProjectAs(server, customer.cookie, { projectName: `Model ${run}-${m.projects.length}` });
    m.projects.push({ id, customer: m.customers.indexOf(customer), status: "pending", deleted: false, invoice: null, invoices: [], standing: [] });
  }
  toString() {
    return `order(${this.who})`;
  }
}

/** The usual start, in one step: an order the admin approves and invoices at once. */
class InvoicedOrder extends Step {
  constructor(readonly who: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return new Order(this.who).check(m);
  }
  async act(m: Model) {
    await new Order(this.who).act(m);
    const project = m.projects.at(-1);
    if (!project) return;
    const approved = await patch(project.id, { status: "in-progress" });
    expectStatus(approved, [200], "approve", await approved.clone().text());
    project.status = "in-progress";
    const sent = await server.request("/api/admin/projects/sendinvoice", { method: "PATCH", cookie: admin.cookie, json: { projectID: project.id } });
    const text = await sent.text();
    expectStatus(sent, [200], "send invoice", text);
    const { invoiceID } = JSON.parse(text) as { invoiceID: string };
    project.invoice = invoiceID;
    project.invoices.push(invoiceID);
  }
  toString() {
    return `invoicedOrder(${this.who})`;
  }
}

class SetStatus extends Step {
  constructor(
    readonly which: number,
    readonly status: "in-progress" | "denied",
  ) {
    super();
  }
  private candidates(m: Readonly<Model>) {
    return m.projects.filter((p) => !p.deleted && p.status !== this.status);
  }
  check(m: Readonly<Model>) {
    return this.candidates(m).length > 0;
  }
  async act(m: Model) {
    const candidates = this.candidates(m);
    const project = candidates[this.which % candidates.length];
    if (!project) return;
    const response = await patch(project.id, { status: this.status });
    expectStatus(response, [200, 400, 409], `set ${this.status}`, await response.clone().text());
    if (response.status !== 200) return;
    project.status = this.status;
    // Denying voids the open invoice (decision 077).
    if (this.status === "denied") for (const id of await this.voidedNow(project)) m.voided.add(id);
  }
  private async voidedNow(project: ModelProject): Promise<string[]> {
    const rows = await server.deps.database.db.select().from(invoices);
    return rows.filter((r) => project.invoices.includes(r.id) && r.status === "void").map((r) => r.id);
  }
  toString() {
    return `${this.status === "denied" ? "deny" : "approve"}(${this.which})`;
  }
}

class SendInvoice extends Step {
  constructor(readonly which: number) {
    super();
  }
  /** Mostly projects that are approved and have no live invoice; sometimes any (refusals are answers too). */
  private candidates(m: Readonly<Model>) {
    const likely = m.projects.filter((p) => !p.deleted && p.status === "in-progress" && (p.invoice === null || m.voided.has(p.invoice)));
    return likely.length > 0 && this.which % 4 !== 0 ? likely : m.projects.filter((p) => !p.deleted);
  }
  check(m: Readonly<Model>) {
    return this.candidates(m).length > 0;
  }
  async act(m: Model) {
    const candidates = this.candidates(m);
    const project = candidates[this.which % candidates.length];
    if (!project) return;
    const response = await server.request("/api/admin/projects/sendinvoice", { method: "PATCH", cookie: admin.cookie, json: { projectID: project.id } });
    const text = await response.text();
    expectStatus(response, [200, 400, 409], "send invoice", text);
    if (response.status !== 200) return;
    const { invoiceID } = JSON.parse(text) as { invoiceID: string };
    if (m.voided.has(invoiceID)) throw new Error(`send invoice answered the void invoice ${invoiceID}`);
    project.invoice = invoiceID;
    if (!project.invoices.includes(invoiceID)) project.invoices.push(invoiceID);
  }
  toString() {
    return `sendInvoice(${this.which})`;
  }
}

class VoidInvoice extends Step {
  constructor(readonly which: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.projects.some((p) => p.invoice !== null);
  }
  async act(m: Model) {
    const withInvoice = m.projects.filter((p) => p.invoice !== null);
    const project = withInvoice[this.which % withInvoice.length];
    if (!project?.invoice) return;
    const response = await server.request(`/api/admin/invoices/${project.invoice}/void`, {
      method: "POST",
      cookie: admin.cookie,
      json: { reason: "Model test: cancelled." },
    });
    const text = await response.text();
    expectStatus(response, [200, 409], "void", text);
    if (response.status === 200) m.voided.add(project.invoice);
    else if (m.voided.has(project.invoice) && !text.includes("already void")) throw new Error(`voiding a void invoice: ${text}`);
  }
  toString() {
    return `void(${this.which})`;
  }
}

class OpenCheckout extends Step {
  constructor(readonly which: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.projects.some((p) => p.invoice !== null && !m.customers[p.customer]?.deleted);
  }
  async act(m: Model) {
    const candidates = m.projects.filter((p) => p.invoice !== null && !m.customers[p.customer]?.deleted);
    // Mostly an invoice the model thinks payable; sometimes any (a void or paid one must be refused).
    const payable = candidates.filter((p) => p.invoice && !m.voided.has(p.invoice) && !p.deleted && p.standing.length === 0);
    const project = payable.length > 0 && this.which % 3 !== 0 ? payable[this.which % payable.length] : candidates[this.which % candidates.length];
    const customer = project ? m.customers[project.customer] : undefined;
    if (!project?.invoice || !customer) return;
    const response = await server.request(`/invoices/${project.invoice}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
    const text = await response.text();
    expectStatus(response, [303, 409], "pay", text);
    if (response.status !== 303) return;
    if (m.voided.has(project.invoice)) throw new Error(`a Checkout was opened for the void invoice ${project.invoice}`);
    const location = response.headers.get("location") ?? "";
    if (!location.startsWith(`${stripe.url}/pay/`)) throw new Error(`pay redirected to ${location}`);
    m.sessions.push({ id: location.slice(`${stripe.url}/pay/`.length), invoice: project.invoice, project: m.projects.indexOf(project) });
  }
  toString() {
    return `openCheckout(${this.which})`;
  }
}

class PaySession extends Step {
  constructor(
    readonly which: number,
    readonly late = false,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.sessions.some((s) => stripe.sessions.get(s.id)?.status === "open") && !(this.late && m.held.length > 0);
  }
  async act(m: Model) {
    const open = m.sessions.filter((s) => stripe.sessions.get(s.id)?.status === "open");
    const session = open[this.which % Math.max(open.length, 1)];
    if (!session) return;
    if (this.late) {
      // Paid at Stripe; its two webhooks arrive later (DeliverHeld), in either order.
      stripe.autoDeliver = false;
      try {
        await stripe.completeSession(session.id);
      } finally {
        stripe.autoDeliver = true;
      }
      m.held.push(session);
      return;
    }
    const project = m.projects[session.project];
    const outcome = predict(project, await invoiceStatus(session.invoice), null);
    const { session: paid, deliveries } = await stripe.completeSession(session.id);
    for (const delivery of deliveries)
      if (delivery.status !== 200) throw new Error(`webhook ${delivery.event.type} answered ${delivery.status}: ${delivery.body}`);
    if (paid.payment_intent) paidByCard(m, project, paid.payment_intent, outcome);
  }
  toString() {
    return `${this.late ? "payWebhookLate" : "paySession"}(${this.which})`;
  }
}

/** The customer presses Pay and pays at once (the webhooks on time, or held back for DeliverHeld). */
class PayNow extends Step {
  constructor(
    readonly which: number,
    readonly late: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return new OpenCheckout(this.which).check(m) && !(this.late && m.held.length > 0);
  }
  async act(m: Model) {
    const before = m.sessions.length;
    await new OpenCheckout(this.which).act(m);
    if (m.sessions.length === before) return;
    await new PaySession(m.sessions.filter((s) => stripe.sessions.get(s.id)?.status === "open").length - 1, this.late).act(m);
  }
  toString() {
    return `payNow(${this.which}${this.late ? ", webhooks late" : ""})`;
  }
}

/**
 * A signed webhook for card money that does not match its invoice: another amount, or another currency
 * (as a stale or forged Checkout Session would bring). It is recorded unapplied and the invoice does not change.
 */
class PayWrong extends Step {
  constructor(
    readonly which: number,
    readonly wrong: "amount" | "currency",
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.projects.some((p) => p.invoice !== null);
  }
  async act(m: Model) {
    // Mostly a live project's unpaid invoice; sometimes any (void, paid, its project deleted).
    const withInvoice = m.projects.filter((p) => p.invoice !== null);
    const unpaid = withInvoice.filter((p) => !p.deleted && p.invoice && !m.voided.has(p.invoice) && !p.standing.some((s) => s.kind === "manual" || s.applied));
    const project = unpaid.length > 0 && this.which % 3 !== 0 ? unpaid[this.which % unpaid.length] : withInvoice[this.which % withInvoice.length];
    const payments = server.deps.payments;
    if (!project?.invoice || !payments) return;
    const invoiceId = project.invoice;
    const db = server.deps.database.db;
    const invoiceRows = () => db.select().from(invoices).where(eq(invoices.projectId, project.id));
    const before = JSON.stringify(await invoiceRows());
    const [invoice] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!invoice) throw new Error(`invoice ${invoiceId} disappeared`);
    const session = await payments.createCheckoutSession({
      invoiceNumber: `INV-${String(invoice.number).padStart(5, "0")}`,
      amountCents: this.wrong === "amount" ? invoice.totalCents + (this.which % 2 === 0 ? -100 : 100) : invoice.totalCents,
      currency: this.wrong === "currency" ? "eur" : "usd",
      customerEmail: m.customers[project.customer]?.email ?? null,
      successUrl: `${server.url}/`,
      cancelUrl: `${server.url}/`,
      metadata: { invoiceId, projectId: project.id },
    });
    // The same request again is Stripe's first answer (the idempotency key): a session already paid.
    if (stripe.sessions.get(session.id)?.status !== "open") return;
    const outcome = predict(project, invoice.status, this.wrong);
    const { session: paid, deliveries } = await stripe.completeSession(session.id);
    for (const delivery of deliveries)
      if (delivery.status !== 200) throw new Error(`webhook ${delivery.event.type} answered ${delivery.status}: ${delivery.body}`);
    m.sessions.push({ id: session.id, invoice: invoiceId, project: m.projects.indexOf(project) });
    if (paid.payment_intent) paidByCard(m, project, paid.payment_intent, outcome);
    await settleAllRefunds();
    const after = JSON.stringify(await invoiceRows());
    if (after !== before) throw new Error(`a ${this.wrong === "amount" ? "wrong amount" : "wrong currency"} changed the invoices:\n${before}\n${after}`);
  }
  toString() {
    return `payWrong${this.wrong === "amount" ? "Amount" : "Currency"}(${this.which})`;
  }
}

/**
 * Stripe starts refusing every refund of one standing card payment (as for a disputed charge), or takes
 * them again once the dispute is settled; the admin may ask for the refund at once (asking again works).
 */
class StripeRefunds extends Step {
  constructor(
    readonly which: number,
    readonly refuse: boolean,
    readonly thenRefund: boolean,
  ) {
    super();
  }
  private candidates(m: Readonly<Model>): string[] {
    if (!this.refuse) return [...m.refused];
    return m.projects.flatMap((p) =>
      p.deleted ? [] : p.standing.flatMap((s) => (s.kind === "card" && !m.refused.has(s.paymentIntent) ? [s.paymentIntent] : [])),
    );
  }
  check(m: Readonly<Model>) {
    return this.candidates(m).length > 0;
  }
  async act(m: Model) {
    const candidates = this.candidates(m);
    const intent = candidates[this.which % candidates.length];
    if (!intent) return;
    if (this.refuse) {
      stripe.refuseRefunds(intent, REFUSAL);
      m.refused.add(intent);
    } else {
      stripe.allowRefunds(intent);
      m.refused.delete(intent);
    }
    const project = m.projects.find((p) => !p.deleted && p.standing.some((s) => s.kind === "card" && s.paymentIntent === intent));
    if (this.thenRefund && project) await refundProject(m, project);
  }
  toString() {
    return `stripe${this.refuse ? "Refuses" : "Allows"}Refunds(${this.which}${this.thenRefund ? ", then refund" : ""})`;
  }
}

async function deliverLate(event: FakeEvent): Promise<void> {
  const sent = await stripe.deliver(event);
  if (sent.status !== 200) throw new Error(`late ${event.type} answered ${sent.status}: ${sent.body}`);
}

/** Stripe's held-back webhooks of a paid session arrive, in the order sent or reversed. */
class DeliverHeld extends Step {
  constructor(readonly reversed: boolean) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.held.length > 0;
  }
  async act(m: Model) {
    // Session by session (the later one may find its invoice paid by the earlier), each one's events in order or reversed.
    for (const held of this.reversed ? [...m.held].reverse() : m.held) {
      const intent = stripe.sessions.get(held.id)?.payment_intent ?? "";
      const events = stripe.pending.filter((event) => [held.id, intent].includes((event.data.object as { id?: string }).id ?? ""));
      stripe.pending.splice(0, stripe.pending.length, ...stripe.pending.filter((event) => !events.includes(event)));
      const project = m.projects[held.project];
      const outcome = predict(project, await invoiceStatus(held.invoice), null);
      for (const event of this.reversed ? events.reverse() : events) await deliverLate(event);
      paidByCard(m, project, intent, outcome);
    }
    for (const event of stripe.pending.splice(0)) await deliverLate(event);
    m.held = [];
  }
  toString() {
    return `deliverLate(${this.reversed ? "reversed" : "in order"})`;
  }
}

/** Stripe sends a delivered event again (same id: a duplicate), or an old one under a new id (late, out of order). */
class Redeliver extends Step {
  constructor(
    readonly which: number,
    readonly fresh: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.sessions.length > 0;
  }
  async act(m: Model) {
    const mine = new Set(m.sessions.map((s) => s.id));
    const intents = new Set([...stripe.sessions.values()].filter((s) => mine.has(s.id) && s.payment_intent).map((s) => s.payment_intent));
    const about = (event: FakeEvent): boolean => {
      const object = event.data.object as { id?: string; payment_intent?: string };
      return mine.has(object.id ?? "") || intents.has(object.id ?? "") || intents.has(object.payment_intent ?? "");
    };
    const past = stripe.deliveries.filter((d) => d.status === 200 && about(d.event)).map((d) => d.event);
    const event = past[this.which % Math.max(past.length, 1)];
    if (!event) return;
    const db = server.deps.database.db;
    const count = async () => `${(await db.select().from(payments)).length} records, ${(await db.select().from(paymentIssues)).length} entries`;
    const before = await count();
    const sent = await stripe.deliver(this.fresh ? stripe.createEvent(event.type, event.data.object) : event);
    if (sent.status !== 200) throw new Error(`redelivered ${event.type} answered ${sent.status}: ${sent.body}`);
    // Everything it tells was handled before: it adds no payment, refund or needs-attention entry.
    const after = await count();
    if (after !== before) throw new Error(`redelivered ${event.type} went from ${before} to ${after}`);
  }
  toString() {
    return `${this.fresh ? "lateEvent" : "replayEvent"}(${this.which})`;
  }
}

class MarkPaid extends Step {
  constructor(
    readonly which: number,
    readonly method: "bank_transfer" | "cash" | "other",
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.projects.some((p) => !p.deleted);
  }
  async act(m: Model) {
    const paying = (p: ModelProject) => p.standing.some((s) => s.kind === "manual" || s.applied);
    const project = pick(m, this.which, (p) => p.invoice !== null && !paying(p));
    if (!project) return;
    const response = await patch(project.id, { receivedPayment: true, paymentMethod: this.method });
    expectStatus(response, [200, 409], "mark paid", await response.clone().text());
    // Card money that does not pay the invoice leaves it to be paid by hand.
    if (response.status === 200 && !paying(project)) {
      project.standing.push({ kind: "manual" });
      m.manualPayments += 1;
    }
  }
  toString() {
    return `markPaid(${this.which}, ${this.method})`;
  }
}

class MarkUnpaid extends Step {
  constructor(readonly which: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.projects.some((p) => !p.deleted);
  }
  async act(m: Model) {
    const project = pick(m, this.which, (p) => p.standing.length > 0);
    if (!project) return;
    const response = await patch(project.id, { receivedPayment: false });
    const text = await response.text();
    expectStatus(response, [200, 409], "mark unpaid", text);
    const card = project.standing.some((s) => s.kind === "card");
    if (card !== (response.status === 409))
      throw new Error(`mark unpaid with${card ? "" : "out"} a standing card payment answered ${response.status}: ${text}`);
    if (response.status !== 200) return;
    m.manualUndos += project.standing.length;
    project.standing = [];
  }
  toString() {
    return `markUnpaid(${this.which})`;
  }
}

class Refund extends Step {
  constructor(readonly which: number) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.projects.some((p) => !p.deleted);
  }
  async act(m: Model) {
    const project = pick(m, this.which, (p) => p.standing.length > 0);
    if (project) await refundProject(m, project);
  }
  toString() {
    return `refund(${this.which})`;
  }
}

/** The admin refunds the project: each standing payment separately; what Stripe refuses fails alone, with Stripe's reason. */
async function refundProject(m: Model, project: ModelProject): Promise<void> {
  const response = await patch(project.id, { refundIssued: true });
  const text = await response.text();
  expectStatus(response, [200, 409], "refund", text);
  if (response.status !== 200) return;
  await settleAllRefunds();
  m.manualUndos += project.standing.filter((s) => s.kind === "manual").length;
  // Stripe refuses some: those records fail with Stripe's reason and the payment stands; the others go on.
  const rows = await server.deps.database.db.select().from(payments);
  for (const standing of project.standing) {
    if (standing.kind !== "card") continue;
    const latest = rows
      .filter((row) => row.kind === "refund" && row.providerPaymentIntentId === standing.paymentIntent)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .at(-1);
    const refused = m.refused.has(standing.paymentIntent);
    if (refused ? latest?.status !== "failed" || latest.failureReason !== REFUSAL : latest?.status !== "succeeded")
      throw new Error(`the refund of ${standing.paymentIntent}${refused ? ", which Stripe refuses," : ""} is ${latest?.status}: ${latest?.failureReason}`);
  }
  project.standing = project.standing.filter((s) => s.kind === "card" && m.refused.has(s.paymentIntent));
}

class DeleteProject extends Step {
  constructor(
    readonly which: number,
    readonly byAdmin: boolean,
  ) {
    super();
  }
  check(m: Readonly<Model>) {
    return m.projects.some((p) => !p.deleted && !m.customers[p.customer]?.deleted);
  }
  async act(m: Model) {
    const candidates = m.projects.filter((p) => !p.deleted && !m.customers[p.customer]?.deleted);
    const project = candidates[this.which % candidates.length];
    const customer = project ? m.customers[project.customer] : undefined;
    if (!project || !customer) return;
    const response = this.byAdmin
      ? await server.request(`/api/admin/projects?projectIDs=${project.id}`, { method: "DELETE", cookie: admin.cookie })
      : await server.request(`/api/projects/${project.id}`, { method: "DELETE", cookie: customer.cookie });
    expectStatus(response, [200, 409], "delete project", await response.clone().text());
    if (response.status === 200) await this.gone(m, [project]);
  }
  async gone(m: Model, gone: ModelProject[]) {
    const rows = await server.deps.database.db.select().from(invoices);
    for (const project of gone) {
      project.deleted = true;
      project.standing = [];
      for (const id of project.invoices) if (rows.find((r) => r.id === id)?.status === "void") m.voided.add(id);
    }
  }
  toString() {
    return `deleteProject(${this.which}${this.byAdmin ? ", admin" : ""})`;
  }
}

class DeleteAccount extends Step {
  constructor(readonly who: number) {
    super();
  }
  /** Late in a run, once there is money to lose; the other customers go on. */
  check(m: Readonly<Model>) {
    return m.projects.length >= 3 && m.customers.filter((c) => !c.deleted).length > 1;
  }
  async act(m: Model) {
    const customer = liveCustomer(m, this.who);
    if (!customer) return;
    const response = await server.request("/api/users/me", { method: "DELETE", cookie: customer.cookie, json: { currentPassword: customer.password } });
    expectStatus(response, [200], "delete account", await response.clone().text());
    customer.deleted = true;
    const index = m.customers.indexOf(customer);
    await new DeleteProject(0, false).gone(
      m,
      m.projects.filter((p) => p.customer === index && !p.deleted),
    );
  }
  toString() {
    return `deleteAccount(${this.who})`;
  }
}

/** Time passes; the reminder and overdue-deletion jobs run as scheduled, at the app's clock. */
class OverdueJob extends Step {
  constructor(readonly days: number) {
    super();
  }
  check() {
    return true;
  }
  async act(m: Model) {
    // The jobs run every hour; once a day of the days that pass is close enough for day-based rules.
    for (let day = 0; day < this.days; day++) {
      offsetMs += DAY;
      await sendInvoiceReminders(server.deps, server.deps.now());
      const deleted = await deleteOverdueProjects(server.deps, server.deps.now());
      await new DeleteProject(0, false).gone(
        m,
        m.projects.filter((p) => deleted.includes(p.id)),
      );
    }
  }
  toString() {
    return `overdueJob(+${this.days}d)`;
  }
}

const index = fc.nat({ max: 7 });
const allCommands = [
  index.map((i) => new Order(i)),
  index.map((i) => new Order(i)),
  index.map((i) => new SetStatus(i, "in-progress")),
  index.map((i) => new SetStatus(i, "in-progress")),
  index.map((i) => new SetStatus(i, "denied")),
  index.map((i) => new SendInvoice(i)),
  index.map((i) => new SendInvoice(i)),
  index.map((i) => new VoidInvoice(i)),
  index.map((i) => new OpenCheckout(i)),
  index.map((i) => new OpenCheckout(i)),
  index.map((i) => new Order(i)),
  index.map((i) => new SetStatus(i, "in-progress")),
  index.map((i) => new SendInvoice(i)),
  index.map((i) => new OpenCheckout(i)),
  index.map((i) => new PaySession(i)),
  index.map((i) => new PaySession(i)),
  index.map((i) => new PaySession(i, true)),
  fc.boolean().map((reversed) => new DeliverHeld(reversed)),
  fc.tuple(index, fc.boolean()).map(([i, late]) => new PayNow(i, late)),
  fc.tuple(index, fc.boolean()).map(([i, late]) => new PayNow(i, late)),
  index.map((i) => new InvoicedOrder(i)),
  index.map((i) => new InvoicedOrder(i)),
  index.map((i) => new Refund(i)),
  fc.tuple(index, fc.boolean()).map(([i, byAdmin]) => new DeleteProject(i, byAdmin)),
  fc.tuple(index, fc.boolean()).map(([i, fresh]) => new Redeliver(i, fresh)),
  index.map((i) => new PayWrong(i, "amount")),
  index.map((i) => new PayWrong(i, "currency")),
  fc.tuple(index, fc.boolean()).map(([i, fresh]) => new Redeliver(i, fresh)),
  fc.tuple(index, fc.boolean()).map(([i, thenRefund]) => new StripeRefunds(i, true, thenRefund)),
  fc.tuple(index, fc.boolean()).map(([i, thenRefund]) => new StripeRefunds(i, true, thenRefund)),
  fc.tuple(index, fc.boolean()).map(([i, thenRefund]) => new StripeRefunds(i, false, thenRefund)),
  fc.tuple(index, fc.boolean()).map(([i, thenRefund]) => new StripeRefunds(i, false, thenRefund)),
  index.map((i) => new Refund(i)),
  fc.tuple(index, fc.constantFrom("bank_transfer" as const, "cash" as const, "other" as const)).map(([i, method]) => new MarkPaid(i, method)),
  index.map((i) => new MarkUnpaid(i)),
  index.map((i) => new Refund(i)),
  fc.tuple(index, fc.boolean()).map(([i, byAdmin]) => new DeleteProject(i, byAdmin)),
  index.map((i) => new DeleteAccount(i)),
  fc.integer({ min: 1, max: 9 }).map((days) => new OverdueJob(days)),
  fc.integer({ min: 1, max: 9 }).map((days) => new OverdueJob(days)),
];

// The model test's first catch: the Paid total kept a payment that was un-marked (reversed), because
// the reversal's `not exists` compared u.payment_id with an unqualified "id" (u's own). Found as
// order, markPaid(cash), markUnpaid.
test("a payment marked by hand and un-marked again leaves the Paid total as it was", async () => {
  const customer = await server.createUser({ displayName: "Reversal Rae", email: "reversal-rae@example.com" });
  const startedAt = new Date();
  await Bun.sleep(2);
  const projectID = await createProjectAs(server, customer.cookie, { projectName: "Reversed" });
  expect((await patch(projectID, { receivedPayment: true, paymentMethod: "cash" })).status).toBe(200);
  const totals = () => periodTotals(server.deps.database.db, startedAt, new Date(Date.now() + DAY), new Date());
  expect((await totals()).paidCents).toBe(25_000);
  expect((await patch(projectID, { receivedPayment: false })).status).toBe(200);
  expect((await totals()).paidCents).toBe(0);
});

// The second: an invoice paid by card and refunded still read Paid on /billing and on the admin's
// Payments page, because the `refunded` column compared r.invoice_id with an unqualified "id" (r's
// own). Found as invoicedOrder, payNow, refund.
test("a card payment refunded in full reads Refunded on /billing and in the admin's invoice list", async () => {
  const customer = await server.createUser({ displayName: "Refund Rui", email: "refund-rui@example.com" });
  const projectID = await createProjectAs(server, customer.cookie, { projectName: "Refunded Card" });
  expect((await patch(projectID, { status: "in-progress" })).status).toBe(200);
  const sent = await server.request("/api/admin/projects/sendinvoice", { method: "PATCH", cookie: admin.cookie, json: { projectID } });
  const { invoiceID } = (await sent.json()) as { invoiceID: string };
  const pay = await server.request(`/invoices/${invoiceID}/pay`, { method: "POST", cookie: customer.cookie, headers: { origin: server.url } });
  expect(pay.status).toBe(303);
  await stripe.completeSession((pay.headers.get("location") ?? "").slice(`${stripe.url}/pay/`.length));
  expect((await patch(projectID, { refundIssued: true })).status).toBe(200);
  await settleRefunds(projectID);
  const [listed] = await listCustomerInvoices(server.deps.database.db, customer.user.id);
  expect(listed).toMatchObject({ invoiceId: invoiceID, status: "paid", refunded: true });
  expect((await listRecentInvoices(server.deps.database.db, 100)).find((row) => row.invoiceId === invoiceID)?.refunded).toBe(true);
  const billing = await (await server.request("/billing", { cookie: customer.cookie })).text();
  expect(billing).toContain("Refunded");
});

test(
  "random sequences of orders, invoices, payments, refunds, deletions and the overdue job lose no money",
  async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(allCommands, { maxCommands: COMMANDS, size: "max" }), async (commands) => {
        run += 1;
        offsetMs = 0;
        // Webhooks a previous run held back arrive now, so each run starts with Stripe and the app agreeing.
        await stripe.deliverPending();
        const startedAt = new Date();
        await Bun.sleep(2);
        const customers: ModelCustomer[] = [];
        for (const n of [0, 1, 2]) {
          const email = `model-${run}-${n}@example.com`;
          const created = await server.createUser({ displayName: `Model ${run}-${n}`, email });
          customers.push({ id: created.user.id, cookie: created.cookie, password: created.password, email, deleted: false });
        }
        const model: Model = {
          customers,
          projects: [],
          voided: new Set(),
          sessions: [],
          held: [],
          outcomes: new Map(),
          refused: new Set(),
          manualPayments: 0,
          manualUndos: 0,
          emails: customers.map((c) => c.email),
          startedAt,
          seenInvoices: new Map(),
          seenPayments: new Set(),
          gapsAtStart: gapsIn((await server.deps.database.db.select({ number: invoices.number }).from(invoices)).map((row) => row.number)),
        };
        await fc.asyncModelRun(() => ({ model, real: {} }), commands);
        if (process.env.LEDGER_MODEL_VERBOSE) console.log(`run ${run}: ${String(commands)}`);
      }),
      { seed: SEED, numRuns: RUNS },
    );
    if (process.env.LEDGER_MODEL_VERBOSE) {
      const rows = await server.deps.database.db.select().from(payments);
      const count = (kind: string, method?: string) => rows.filter((p) => p.kind === kind && (method ? p.method === method : p.method !== "card")).length;
      const voided = (await server.deps.database.db.select().from(invoices)).filter((row) => row.status === "void").length;
      const byJob = (await server.deps.database.db.select().from(projectDeletions)).length;
      console.log(`void invoices ${voided}, projects deleted by the overdue job ${byJob}`);
      const kinds = new Map<string, number>();
      for (const issue of await server.deps.database.db.select().from(paymentIssues)) kinds.set(issue.kind, (kinds.get(issue.kind) ?? 0) + 1);
      console.log(`needs attention ${JSON.stringify(Object.fromEntries(kinds))}, refunds Stripe refused ${rows.filter((p) => p.status === "failed").length}`);
      console.log(
        `card payments ${count("payment", "card")}, card refunds ${count("refund", "card")}, manual payments ${count("payment")}, manual refunds/reversals ${count("refund") + count("reversal")}`,
      );
    }
  },
  { timeout: 600_000 },
);
