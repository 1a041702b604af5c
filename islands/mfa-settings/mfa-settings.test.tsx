import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import MfaSettings from "./index";

const CODES = Array.from({ length: 10 }, (_, n) => `code-${n}`);
const REQUIRED = "Set up two-factor authentication to open the admin console. Until then your account works as a customer's.";

beforeEach(() => {
  globalThis.fetch = mock(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith("/mfa/setup")) return Response.json({ secret: "A".repeat(32), qrSvg: "<svg/>", ticket: "ticket" });
    if (url.endsWith("/mfa/enable")) return Response.json({ recoveryCodes: CODES, message: "Two-factor authentication is on." });
    return Response.json({ message: "unexpected" }, { status: 500 });
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

async function turnOn() {
  fireEvent.click(screen.getByRole("button", { name: "Set up" }));
  fireEvent.change(await screen.findByLabelText("Code from the app"), { target: { value: "123456" } });
  fireEvent.click(screen.getByRole("button", { name: "Turn on" }));
  await screen.findByRole("list", { name: "Recovery codes" });
}

test("an admin who must set it up is told so until MFA is on, then no more", async () => {
  render(<MfaSettings status={{ enabled: false, recoveryCodesLeft: 0 }} required hasPassword />);
  expect(screen.getByRole("alert").textContent).toBe(REQUIRED);
  await turnOn();
  expect(screen.queryByText(REQUIRED)).toBeNull();
  fireEvent.click(screen.getByRole("button", { name: "I have saved my recovery codes" }));
  expect(screen.queryByText(REQUIRED)).toBeNull();
  cleanup();
  render(<MfaSettings status={{ enabled: true, recoveryCodesLeft: 10 }} required={false} hasPassword />);
  expect(screen.queryByText(REQUIRED)).toBeNull();
});

test("the recovery codes can be copied, downloaded as a .txt file and printed", async () => {
  render(<MfaSettings status={{ enabled: false, recoveryCodesLeft: 0 }} required={false} hasPassword />);
  await turnOn();

  let copied = "";
  const writeText = async (text: string) => {
    copied = text;
  };
  Object.defineProperty(navigator, "clipboard", { configurable: true, value: { writeText } });
  fireEvent.click(screen.getByRole("button", { name: "Copy" }));
  await screen.findByRole("button", { name: "Copied" });
  for (const code of CODES) expect(copied).toContain(code);

  const files: Blob[] = [];
  const saved: string[] = [];
  URL.createObjectURL = (blob: Blob) => {
    files.push(blob);
    return "blob:codes";
  };
  URL.revokeObjectURL = () => {};
  const click = HTMLAnchorElement.prototype.click;
  HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
    saved.push(this.download);
  };
  fireEvent.click(screen.getByRole("button", { name: "Download (.txt)" }));
  HTMLAnchorElement.prototype.click = click;
  expect(saved).toEqual(["webstudio-recovery-codes.txt"]);
  const text = await files[0]?.text();
  for (const code of CODES) expect(text).toContain(code);

  const print = mock(() => {});
  window.print = print;
  fireEvent.click(screen.getByRole("button", { name: "Print" }));
  await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
});
