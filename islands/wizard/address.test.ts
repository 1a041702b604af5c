// The step in the address and the newer-draft-wins rule, without a browser.
import { expect, test } from "bun:test";
import { newProjectDraft } from "../../src/shared/wizard";
import { chooseNewer } from "./account-draft";
import { addressOfStep, reachableStep, stepOfAddress } from "./address";

test("the address names the step; anything else opens the first step", () => {
  expect(stepOfAddress("?step=theme")).toBe("theme");
  expect(stepOfAddress("?step=nope")).toBe("general");
  expect(stepOfAddress("")).toBe("general");
  expect(addressOfStep({ pathname: "/create/m", search: "?step=general&ref=ad", hash: "" }, "landing")).toBe("/create/m?step=landing&ref=ad");
});

test("a step opens only when every step before it is complete; otherwise the first incomplete one does", () => {
  const complete = {
    ...newProjectDraft("s"),
    creatorName: "Ada",
    email: "ada@example.com",
    projectName: "P",
    creatorPhoneNumber: "1",
    projectDomainURL: "p.example",
    domainProviderURL: "https://r.example",
    domainProviderUsername: "ada",
    domainProviderPassword: "pw",
  };
  expect(reachableStep("theme", complete, { logoCount: 0 })).toBe("general");
  expect(reachableStep("theme", complete, { logoCount: 1 })).toBe("landing");
  expect(reachableStep("theme", { ...complete, heroTitle: "T", heroMessage: "M" }, { logoCount: 1 })).toBe("theme");
});

test("the newer copy wins; the account's copy takes the password and images from this browser", () => {
  const logo = new File(["x"], "logo.png");
  const local = { draft: { ...newProjectDraft("s"), projectName: "Laptop", domainProviderPassword: "pw" }, logoFiles: [logo], pageFiles: [], savedAt: 1_000 };
  const newer = { draft: { ...newProjectDraft("s"), projectName: "Phone" }, updatedAt: 2_000 };
  const older = { draft: newer.draft, updatedAt: 500 };
  expect(chooseNewer(local, null)).toEqual({ stored: local, fromAccount: false });
  expect(chooseNewer(local, older).fromAccount).toBe(false);
  const chosen = chooseNewer(local, newer);
  expect(chosen.fromAccount).toBe(true);
  expect(chosen.stored?.draft).toMatchObject({ projectName: "Phone", domainProviderPassword: "pw" });
  expect(chosen.stored?.logoFiles).toEqual([logo]);
  // The same content on both sides is no news.
  expect(chooseNewer({ ...local, savedAt: 0 }, { draft: local.draft, updatedAt: 2_000 }).fromAccount).toBe(false);
  expect(chooseNewer(null, newer).stored?.draft.projectName).toBe("Phone");
});
