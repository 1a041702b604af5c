import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { MISSING_FIELDS, SIGNATURE_MISMATCH, newProjectDraft } from "../../src/shared/wizard";
import { DRAFT_KEY } from "./draft-storage";
import Wizard, { INVALID_CODE, type WizardProps } from "./index";

const fetchCalls: string[] = [];
let validCodes = new Set<string>();

beforeEach(() => {
  localStorage.clear();
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

function renderWizard(props: Partial<Extract<WizardProps, { mode: "create" }>> = {}) {
  render(
    <Provider store={createStore()}>
      <Wizard mode="create" projectType={props.projectType ?? null} user={props.user ?? null} />
    </Provider>,
  );
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const next = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Next" })));
const currentStep = () => screen.getByRole("form").getAttribute("aria-label");
const toasts = () => screen.getByRole("region", { name: "Notifications" });
const navButton = (name: string) => within(screen.getByRole("navigation")).getByRole("button", { name: new RegExp(`^\\d*\\s*${name}`) });

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

test("a new project starts with the spec's defaults: Small, light theme, blue tint, rounded corners, pill buttons", () => {
  renderWizard();
  expect((screen.getByRole("radio", { name: /Small Webapp/ }) as HTMLInputElement).checked).toBe(true);
  fireEvent.click(navButton("General")); // already there: nothing happens
  expect(currentStep()).toBe("General");
  // Later steps are locked until the earlier ones are complete.
  expect(navButton("Theme").getAttribute("aria-disabled")).toBe("true");
  const stored = JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "{}");
  expect(stored).toMatchObject({
    projectType: "s",
    selectedThemes: [0],
    defaultTheme: 0,
    selectedTintColors: [0],
    defaultTintColor: 0,
    borderRadius: "rounded",
    buttonBorderRadius: "pill",
  });
});

test("a signed-in user's name and e-mail are prefilled and /create/m preselects Medium with four pages", () => {
  renderWizard({ projectType: "m", user: { displayName: "Grace Hopper", email: "grace@example.com" } });
  expect((screen.getByLabelText("Your name") as HTMLInputElement).value).toBe("Grace Hopper");
  expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("grace@example.com");
  expect((screen.getByRole("radio", { name: /Medium Webapp/ }) as HTMLInputElement).checked).toBe(true);
  expect(JSON.parse(localStorage.getItem(DRAFT_KEY) ?? "{}").pagesText).toHaveLength(4);
});

test("Next on an incomplete step highlights the missing fields, keeps the user there and shows the manual toast", async () => {
  renderWizard();
  await next();
  expect(currentStep()).toBe("General");
  expect(screen.getByText(MISSING_FIELDS)).toBeTruthy();
  expect(screen.getByLabelText("Project name").getAttribute("aria-invalid")).toBe("true");
  expect(screen.getByLabelText("Logo images").getAttribute("aria-invalid")).toBe("true");
  // Trying to jump ahead is refused the same way.
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("General");

  type("Project name", "Analytical");
  expect(screen.getByLabelText("Project name").getAttribute("aria-invalid")).toBeNull();
});

test("Next validates, marks the step complete and opens the following one; Back returns", async () => {
  renderWizard();
  fillGeneral();
  await next();
  expect(currentStep()).toBe("Landing");
  expect(navButton("General").textContent).toContain("(complete)");
  expect(navButton("Landing").getAttribute("aria-current")).toBe("step");
  expect(navButton("Theme").getAttribute("aria-disabled")).toBe("true");
  fireEvent.click(screen.getByRole("button", { name: "Back" }));
  expect(currentStep()).toBe("General");
  // General is complete, so Landing can be reached from the step list.
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("Landing");
});

test("changing the size resets the page lists to the package's page count", async () => {
  renderWizard({ projectType: "m" });
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
  renderWizard();
  fillGeneral();
  await next();
  type("Hero title", "Engines");
  type("Hero message", "Numbers, woven.");
  await next();
  expect(currentStep()).toBe("Theme");

  const defaults = screen.getAllByRole("radio", { name: "Default" });
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
  type("Custom tint", "#ff6600");
  expect(document.documentElement.style.getPropertyValue("--tint")).toBe("#ff6600");

  fireEvent.click(screen.getByLabelText("Use a custom tint colour instead"));
  expect(document.documentElement.style.getPropertyValue("--tint")).toBe("");
  const blue = screen.getAllByRole("checkbox").find((box) => (box as HTMLInputElement).name === "tint-0") as HTMLInputElement;
  expect(blue.checked).toBe(true);
});

test("subscriptions: enabling adds one blank tier, tiers can be added and removed, disabling clears them", async () => {
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...newProjectDraft("s"), heroTitle: "T", heroMessage: "M", pagesText: ["a", "b"] }));
  renderWizard();
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
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...newProjectDraft("s"), heroTitle: "T", heroMessage: "M", pagesText: ["a", "b"] }));
  renderWizard();
  fillGeneral();
  for (const _ of ["general", "landing", "theme", "features", "subscriptions", "socials", "review"]) await next();
  expect(currentStep()).toBe("Terms");
}

test("the signature must match the name given in General", async () => {
  await walkToTerms();
  fireEvent.click(screen.getByLabelText("I accept the Terms and Conditions"));
  type("Signature", "Someone Else");
  await next();
  expect(within(toasts()).getByText(SIGNATURE_MISMATCH)).toBeTruthy();
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
  expect(within(toasts()).getByText(INVALID_CODE)).toBeTruthy();
  expect(currentStep()).toBe("Payment");

  type("Access code", "GOOD-CODE");
  expect(await screen.findByText("Access code is valid")).toBeTruthy();
});

test("the draft's text survives a reload; files do not, so General must be completed again", async () => {
  renderWizard();
  type("Project name", "Survivor");
  cleanup();
  renderWizard();
  await waitFor(() => expect((screen.getByLabelText("Project name") as HTMLInputElement).value).toBe("Survivor"));
  expect(navButton("Landing").getAttribute("aria-disabled")).toBe("true");
});

test("the domain provider's password is never written to localStorage", () => {
  renderWizard();
  type("Domain provider password", "hunter2-secret");
  expect(localStorage.getItem(DRAFT_KEY)).not.toContain("hunter2-secret");
});

function renderEdit(locked = false) {
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
}

test("edit mode: all steps open, creator and type locked, a changed field is marked and blocks moving on until cancelled", () => {
  renderEdit();
  expect(screen.getAllByRole("listitem").map((item) => item.textContent)).toContain("7Overview");
  expect((screen.getByLabelText("Your name") as HTMLInputElement).disabled).toBe(true);
  expect((screen.getByLabelText("Email") as HTMLInputElement).disabled).toBe(true);
  expect((screen.getByRole("radio", { name: /Small Webapp/ }) as HTMLInputElement).disabled).toBe(true);
  fireEvent.click(navButton("Socials"));
  expect(currentStep()).toBe("Socials");
  fireEvent.click(navButton("General"));

  type("Project name", "Renamed");
  expect(screen.getByText("Modified")).toBeTruthy();
  expect(screen.getByRole("button", { name: "Save Changes" })).toBeTruthy();
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("General");
  expect(within(toasts()).getByText("You have unsaved data. Save or cancel changes before navigating away from this page.")).toBeTruthy();

  fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
  expect((screen.getByLabelText("Project name") as HTMLInputElement).value).toBe("Saved");
  expect(screen.queryByText("Modified")).toBeNull();
  fireEvent.click(navButton("Landing"));
  expect(currentStep()).toBe("Landing");
});

test("edit mode with editing locked: fields and image changes are disabled", () => {
  renderEdit(true);
  expect((screen.getByLabelText("Project name") as HTMLInputElement).disabled).toBe(true);
  expect(screen.queryByRole("button", { name: /Remove/ })).toBeNull();
  expect(screen.queryByText("Choose an image")).toBeNull();
});
