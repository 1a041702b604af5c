import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { MISSING_FIELDS, NOT_A_COLOR, SIGNATURE_MISMATCH, newProjectDraft } from "../../src/shared/wizard";
import { clearDraft, draftBackend, loadDraft, saveDraft } from "./draft-storage";
import Wizard, { INVALID_CODE, type WizardProps } from "./index";

const fetchCalls: string[] = [];
let validCodes = new Set<string>();

beforeEach(async () => {
  localStorage.clear();
  await clearDraft();
  window.history.replaceState(null, "", "/create");
  fetchCalls.length = 0;
  validCodes = new Set(["GOOD-CODE"]);
  globalThis.fetch = mock(async (input: RequestInfo | URL) => {
    const url = new URL(String(input instanceof Request ? input.url : input));
    fetchCalls.push(url.pathname + url.search);
    if (url.pathname === "/api/accesscodes/isvalid") {
      return Response.json({ isValid: validCodes.has(url.searchParams.get("code") ?? "") });
    }
    return Response.json({ message: "Not Found" }, { status: 404 });
  }) as unknown as typeof fetch;
});

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute("data-theme");
  document.documentElement.removeAttribute("data-tint");
  document.documentElement.removeAttribute("style");
});

/** Steps load as their own chunks: wait until the current one is on screen. */
// While a step's chunk loads, React shows the fallback and keeps the previous step's body, hidden.
const stepShown = () =>
  waitFor(() => {
    if (document.querySelector(".wizard-loading") || !document.querySelector(".step-body")) throw new Error("step not loaded yet");
  });

async function renderWizard(props: Partial<Extract<WizardProps, { mode: "create" }>> = {}) {
  render(
    <Provider store={createStore()}>
      <Wizard mode="create" projectType={props.projectType ?? null} user={props.user ?? null} accountDraft={props.accountDraft ?? null} />
    </Provider>,
  );
  await stepShown();
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
async function next() {
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
  await stepShown();
}
const GRACE = { displayName: "Grace Hopper", email: "grace@example.com" };
/** Seeds this browser's stored draft, as an earlier visit would have left it. */
const seed = (draft: Partial<ReturnType<typeof newProjectDraft>>) =>
  saveDraft({ draft: { ...newProjectDraft("s"), ...draft }, logoFiles: [], pageFiles: [], savedAt: Date.now() });
const currentStep = () => screen.getByRole("form").getAttribute("aria-label");
const toasts = () => screen.getByRole("region", { name: "Notifications" });
const navButton = (name: string) => within(screen.getByRole("navigation")).getByRole("button", { name: new RegExp(`^${name}`) });

function addLogo() {
  const input = screen.getByLabelText("Logo images") as HTMLInputElement;
  const file = new File([new Uint8Array([137, 80, 78, 71])], "logo.png", { type: "image/png" });
  fireEvent.change(input, { target: { files: [file] } });
}

function fillGeneral() {
  type("Your name", "Ada Lovelace");
  type("Email", "ada@example.com");
  type("Phone number", "+44 20 7946 0000");
  type("Project name", "Analytical");
  type("Project domain", "analytical.example");
  type("Domain provider URL", "https://registrar.example");
  type("Domain provider username", "ada");
  type("Domain provider password", "secret-pass");
  addLogo();
}

test("a new project starts with the spec's defaults: Small, light theme, blue tint, rounded corners, pill buttons", async () => {
  await renderWizard();
  expect((screen.getByRole("radio", { name: /Small Webapp/ }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(navButton("General")); // already there: nothing happens
  expect(currentStep()).toBe("General");
  // Later steps are locked until the earlier ones are complete.
  expect(navButton("Theme").getAttribute("aria-disabled")).toBe("true");
  expect(window.location.search).toBe("?step=general");
  // Nothing is stored, nor said to be saved, until the customer changes something.
  await Bun.sleep(400);
  expect(await loadDraft()).toBeNull();
  expect(screen.queryByText(/^Saved/)).toBeNull();
  type("Project name", "Analytical");
  await waitFor(async () => expect(await loadDraft()).not.toBeNull());
  expect(screen.getByText(/^Saved · just now/)).toBeTruthy();
  expect((await loadDraft())?.draft).toMatchObject({
    projectType: "s",
    selectedThemes: [0],
    defaultTheme: 0,
    selectedTintColors: [0],
    defaultTintColor: 0,
    borderRadius: "rounded",
    buttonBorderRadius: "pill",
  });
});

test("a signed-in user's name and e-mail are prefilled and /create/m preselects Medium with four pages", async () => {
  await renderWizard({ projectType: "m", user: GRACE });
  expect((screen.getByLabelText("Your name") as HTMLInputElement).value).toBe("Grace Hopper");
  expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("grace@example.com");
  expect((screen.getByRole("radio", { name: /Medium Webapp/ }) as HTMLInputElement).checked).toBe(true);
  type("Project name", "Compiler");
  await waitFor(async () => expect((await loadDraft())?.draft.pagesText).toHaveLength(4));
});

test("the account's draft comes with the page: newer than this browser's copy, it opens with a notice and this browser's password, and nothing is fetched", async () => {
  const hourAgo = Date.now() - 3_600_000;
  await saveDraft({
    draft: { ...newProjectDraft("s"), projectName: "Laptop", domainProviderPassword: "pw-here" },
    logoFiles: [],
    pageFiles: [],
    savedAt: hourAgo,
  });
  const { domainProviderPassword: _secret, ...phone } = { ...newProjectDraft("s"), projectName: "Phone" };
  await renderWizard({ user: GRACE, accountDraft: { draft: phone, updatedAt: new Date().toISOString() } });
  expect((screen.getByLabelText("Project name") as HTMLInputElement).value).toBe("Phone");
  expect((screen.getByLabelText("Domain provider password") as HTMLInputElement).value).toBe("pw-here");
  expect(screen.getByText(/^We opened the draft saved to your account on /)).toBeTruthy();
  expect(fetchCalls).toEqual([]);
});

test("this browser's copy, newer than the account's, opens without a notice", async () => {
  await seed({ projectName: "Laptop" });
  const { domainProviderPassword: _secret, ...phone } = { ...newProjectDraft("s"), projectName: "Phone" };
  await renderWizard({ user: GRACE, accountDraft: { draft: phone, updatedAt: new Date(Date.now() - 3_600_000).toISOString() } });
  expect((screen.getByLabelText("Project name") as HTMLInputElement).value).toBe("Laptop");
  expect(screen.queryByText(/^We opened the draft saved to your account/)).toBeNull();
  expect(fetchCalls).toEqual([]);
});

test("Next on an incomplete step highlights the missing fields, keeps the user there and says so inline, not in a toast", async () => {
  await renderWizard();
  await next();
  expect(currentStep()).toBe("General");
  // Blank fields are 'missing'; the logo's own problem is named.
  expect(
    screen.getByText("Logo images: Add at least one logo image. You are missing one or more required fields.", { selector: ".error-summary-title" }),
  ).toBeTruthy();
  expect(within(toasts()).queryByText(MISSING_FIELDS)).toBeNull();
  expect(screen.getByLabelText("Project name").getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByLabelText("Logo images").getAttribute("aria-invalid")).toBe("true");
  // Trying to jump ahead is refused the same way.
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("General");

  type("Project name", "Analytical");
  expect(screen.getByLabelText("Project name").getAttribute("aria-invalid")).toBeNull();
});

test("Next validates, marks the step complete and opens the following one; Back returns", async () => {
  await renderWizard();
  fillGeneral();
  await next();
  expect(currentStep()).toBe("Landing");
  expect(navButton("General").textContent).toContain("General (complete)");
  expect(navButton("Landing").getAttribute("aria-current")).toBe("step");
  expect(navButton("Theme").getAttribute("aria-disabled")).toBe("true");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back" })));
  await waitFor(() => expect(currentStep()).toBe("General"));
  // General is complete, so Landing can be reached from the step list.
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("Landing");
});

test("changing the size resets the page lists to the package's page count", async () => {
  await renderWizard({ projectType: "m" });
  fillGeneral();
  fireEvent.click(screen.getByRole("radio", { name: /Large Webapp/ }));
  await next();
  type("Hero title", "Engines");
  type("Hero message", "Numbers, woven.");
  await next();
  await next();
  expect(currentStep()).toBe("Features");
  expect(screen.getAllByLabelText(/^Page \d+$/)).toHaveLength(10);
});

test("a default theme is applied to the page; a custom tint clears the presets and sets --tint; turning it off restores blue", async () => {
  await renderWizard();
  fillGeneral();
  await next();
  type("Hero title", "Engines");
  type("Hero message", "Numbers, woven.");
  await next();
  expect(currentStep()).toBe("Theme");

  const defaults = screen.getAllByRole("radio", { name: /^Default theme/ });
  fireEvent.click(defaults[1]!); // Dark
  expect(document.documentElement.dataset.theme).toBe("1");
  const darkIncluded = screen.getAllByRole("checkbox").find((box) => (box as HTMLInputElement).name === "theme-1") as HTMLInputElement;
  expect(darkIncluded.checked).toBe(true);

  fireEvent.click(screen.getByLabelText("Use a custom tint colour instead"));
  const tintBoxes = screen.getAllByRole("checkbox").filter((box) => (box as HTMLInputElement).name.startsWith("tint-"));
  expect(tintBoxes.every((box) => !(box as HTMLInputElement).checked && (box as HTMLInputElement).disabled)).toBe(true);

  // An empty custom tint is a missing field.
  await next();
  expect(screen.getByLabelText("Custom tint").getAttribute("aria-invalid")).toBe("true");
  // A tint that is not a colour is named as such, not as a missing field.
  type("Custom tint", "banana");
  await next();
  expect(screen.getByText(`Custom tint colour: ${NOT_A_COLOR}.`)).toBeTruthy();
  expect(screen.queryByText(MISSING_FIELDS)).toBeNull();
  type("Custom tint", "#ff6600");
  expect(document.documentElement.style.getPropertyValue("--tint")).toBe("#ff6600");

  fireEvent.click(screen.getByLabelText("Use a custom tint colour instead"));
  expect(document.documentElement.style.getPropertyValue("--tint")).toBe("");
  const blue = screen.getAllByRole("checkbox").find((box) => (box as HTMLInputElement).name === "tint-0") as HTMLInputElement;
  expect(blue.checked).toBe(true);
});

test("subscriptions: enabling adds one blank tier, tiers can be added and removed, disabling clears them", async () => {
  await seed({ heroTitle: "T", heroMessage: "M", pagesText: ["a", "b"] });
  await renderWizard();
  fillGeneral();
  await next();
  await next();
  await next();
  await next();
  expect(currentStep()).toBe("Subscriptions");
  fireEvent.click(screen.getByLabelText("My app sells subscriptions"));
  expect(screen.getAllByText(/^Tier \d$/)).toHaveLength(1);
  await next();
  expect(screen.getByText(MISSING_FIELDS)).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Add tier" }));
  expect(screen.getAllByText(/^Tier \d$/)).toHaveLength(2);
  fireEvent.click(screen.getAllByRole("button", { name: "Remove tier" })[0]!);
  expect(screen.getAllByText(/^Tier \d$/)).toHaveLength(1);
  fireEvent.click(screen.getByLabelText("My app sells subscriptions"));
  expect(screen.queryByText(/^Tier \d$/)).toBeNull();
  await next();
  expect(currentStep()).toBe("Socials");
});

async function walkToTerms() {
  await seed({ heroTitle: "T", heroMessage: "M", pagesText: ["a", "b"] });
  await renderWizard();
  fillGeneral();
  for (const _ of ["general", "landing", "theme", "features", "subscriptions", "socials", "review"]) await next();
  expect(currentStep()).toBe("Terms");
}

test("the signature must match the name given in General", async () => {
  await walkToTerms();
  fireEvent.click(screen.getByLabelText("I accept the Terms and Conditions"));
  type("Signature", "Someone Else");
  await next();
  expect(screen.getByText(SIGNATURE_MISMATCH, { selector: ".error-summary-title" })).toBeTruthy();
  expect(screen.getByLabelText("Signature").getAttribute("aria-invalid")).toBe("true");
  expect(currentStep()).toBe("Terms");
  type("Signature", "Ada Lovelace");
  await next();
  expect(currentStep()).toBe("Payment");
});

test("an access code is checked on every change: an invalid one shows the badge and blocks Create Project", async () => {
  await walkToTerms();
  fireEvent.click(screen.getByLabelText("I accept the Terms and Conditions"));
  type("Signature", "Ada Lovelace");
  await next();
  fireEvent.click(screen.getByLabelText("I have an access code"));
  type("Access code", "BAD-CODE");
  expect(await screen.findByText("Access code is invalid")).toBeTruthy();
  expect(fetchCalls).toContain("/api/accesscodes/isvalid?code=BAD-CODE");

  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Create Project" })));
  expect(screen.getByText(`Access code: ${INVALID_CODE}`, { selector: ".error-summary-title" })).toBeTruthy();
  expect(currentStep()).toBe("Payment");

  type("Access code", "GOOD-CODE");
  expect(await screen.findByText("Access code is valid")).toBeTruthy();
});

test("the whole draft survives a reload on the step in the address: text, the logo and the password", async () => {
  await renderWizard();
  fillGeneral();
  await next();
  expect(window.location.search).toBe("?step=landing");
  await waitFor(async () => expect((await loadDraft())?.logoFiles).toHaveLength(1));
  cleanup();
  await renderWizard();
  expect(currentStep()).toBe("Landing");
  expect(screen.getByText(/^Saved · just now/)).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Back" })));
  await stepShown();
  await waitFor(() => expect(currentStep()).toBe("General"));
  expect((screen.getByLabelText("Project name") as HTMLInputElement).value).toBe("Analytical");
  expect((screen.getByLabelText("Domain provider password") as HTMLInputElement).value).toBe("secret-pass");
  expect(document.querySelectorAll("#field-logoImages .thumb, .thumbs .thumb").length).toBe(1);
});

test("a step whose earlier steps are incomplete opens the first incomplete one instead", async () => {
  await seed({ projectName: "Half done" });
  window.history.replaceState(null, "", "/create?step=payment");
  await renderWizard();
  expect(currentStep()).toBe("General");
  expect(window.location.search).toBe("?step=general");
});

test("after Next the new step's heading has focus and the change is announced", async () => {
  await renderWizard();
  fillGeneral();
  await next();
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Landing"));
  expect(document.activeElement?.tagName).toBe("H2");
  expect(screen.getByText("Step 2 of 9: Landing")).toBeTruthy();
});

test("the domain provider's password is never stored in clear, nor in localStorage", async () => {
  await renderWizard();
  type("Domain provider password", "hunter2-secret");
  await waitFor(async () => expect((await loadDraft())?.draft.domainProviderPassword).toBe("hunter2-secret"));
  const record = await draftBackend().get<{ draft: object; secret: { data: ArrayBuffer } }>("create");
  expect(JSON.stringify(record?.draft)).not.toContain("hunter2-secret");
  expect(new TextDecoder().decode(record?.secret.data)).not.toContain("hunter2-secret");
  expect(JSON.stringify({ ...localStorage })).not.toContain("hunter2-secret");
  expect(window.location.href).not.toContain("hunter2");
});

async function renderEdit(locked = false) {
  const project = {
    ...newProjectDraft("s", { displayName: "Ada Lovelace", email: "ada@example.com" }),
    projectName: "Saved",
    heroTitle: "T",
    heroMessage: "M",
    pagesText: ["a", "b"],
  };
  render(
    <Provider store={createStore()}>
      <Wizard mode="edit" projectId="p1" project={project} images={{ logoImageURLs: ["/uploads/logo.png"], pagesImageURLs: [[], []] }} locked={locked} />
    </Provider>,
  );
  await stepShown();
}

test("edit mode: all steps open, creator and type locked, a changed field is marked and blocks moving on until cancelled", async () => {
  await renderEdit();
  expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toContain("7Overview");
  expect((screen.getByLabelText("Your name") as HTMLInputElement).disabled).toBe(true);
  expect((screen.getByLabelText("Email") as HTMLInputElement).disabled).toBe(true);
  expect((screen.getByRole("radio", { name: /Small Webapp/ }) as HTMLInputElement).disabled).toBe(true);
  fireEvent.click(navButton("Socials"));
  expect(currentStep()).toBe("Socials");
  fireEvent.click(navButton("General"));
  await stepShown();

  type("Project name", "Renamed");
  expect(screen.getByText("Modified")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Save Changes" })).toBeTruthy();
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("General");
  expect(within(toasts()).getByText("You have unsaved data. Save or cancel changes before navigating away from this page.")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  await stepShown();
  // Its cause is gone, so is the toast.
  await waitFor(() => expect(within(toasts()).queryByText(/unsaved data/)).toBeNull());
  expect((screen.getByLabelText("Project name") as HTMLInputElement).value).toBe("Saved");
  expect(screen.queryByText("Modified")).toBeNull();
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("Landing");
});

test("edit mode with editing locked: fields and image changes are disabled", async () => {
  await renderEdit(true);
  expect((screen.getByLabelText("Project name") as HTMLInputElement).disabled).toBe(true);
  expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  expect(screen.queryByText("Choose an image")).toBeNull();
});

test("the summary's Edit opens its step as the step list would: a history entry, focus on the heading", async () => {
  await seed({ heroTitle: "T", heroMessage: "M", pagesText: ["a", "b"] });
  await renderWizard();
  fillGeneral();
  for (const _ of ["general", "landing", "theme", "features", "subscriptions", "socials"]) await next();
  expect(currentStep()).toBe("Review");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Edit Landing" })));
  await stepShown();
  expect(currentStep()).toBe("Landing");
  expect(window.location.search).toBe("?step=landing");
  await waitFor(() => expect(document.activeElement?.textContent).toBe("Landing"));
});

test("a link to /create/{size} chooses the package; a reload within the wizard keeps the one chosen since, and the address follows it", async () => {
  await seed({ projectType: "l", pagesText: Array.from({ length: 10 }, (_, index) => `page ${index + 1}`) });
  window.history.replaceState(null, "", "/create/m");
  await renderWizard({ projectType: "m" });
  expect((screen.getByRole("radio", { name: /Medium Webapp/ }) as HTMLInputElement).checked).toBe(true);
  cleanup();

  await seed({ projectType: "l", pagesText: Array.from({ length: 10 }, (_, index) => `page ${index + 1}`) });
  window.history.replaceState({ wizardStep: "general", from: null }, "", "/create/m?step=general");
  await renderWizard({ projectType: "m" });
  expect((screen.getByRole("radio", { name: /Large Webapp/ }) as HTMLInputElement).checked).toBe(true);
  await waitFor(() => expect(window.location.pathname).toBe("/create/l"));
  expect((await loadDraft())?.draft.pagesText[9]).toBe("page 10");
});
