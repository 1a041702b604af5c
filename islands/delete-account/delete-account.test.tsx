import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import DeleteAccount, { type DeleteAccountProps } from "./index";

const calls: { method: string; url: string; body: unknown }[] = [];
beforeEach(() => {
  calls.length = 0;
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    calls.push({ method: init?.method ?? "GET", url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.endsWith("/confirmation-code")) return Response.json({ message: "We sent a 6-digit code to me@example.com. It works for 10 minutes." });
    return Response.json({ message: "The current password is incorrect." }, { status: 400 });
  }) as unknown as typeof fetch;
});
afterEach(() => cleanup());

const open = (props: DeleteAccountProps) => {
  render(
    <Provider store={createStore()}>
      <DeleteAccount {...props} />
    </Provider>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Delete account" }));
  return () => screen.getByRole("button", { name: "Delete my account" }) as HTMLButtonElement;
};

test("with a password and MFA on, both are asked for before anything is sent", async () => {
  const confirm = open({ hasPassword: true, mfaEnabled: true });
  expect(screen.getByText("To make sure it's you, confirm with your password and a code from your authenticator app.")).toBeTruthy();
  expect(confirm().disabled).toBe(true);
  fireEvent.change(screen.getByLabelText("Current password"), { target: { value: "hunter22" } });
  expect(confirm().disabled).toBe(true);
  fireEvent.change(screen.getByLabelText("Code from your authenticator app"), { target: { value: "123456" } });
  expect(confirm().disabled).toBe(false);
  await act(async () => {
    fireEvent.click(confirm());
  });
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls).toEqual([{ method: "DELETE", url: expect.stringContaining("/api/users/me"), body: { currentPassword: "hunter22", code: "123456" } }]);
  expect((await screen.findByRole("alert")).textContent).toBe("The current password is incorrect.");
});

test("without a password it offers to e-mail a code and sends that code", async () => {
  const confirm = open({ hasPassword: false, mfaEnabled: false });
  expect(screen.queryByLabelText("Current password")).toBeNull();
  await act(async () => {
    fireEvent.click(screen.getByRole("button", { name: "Send me a code" }));
  });
  await waitFor(() => expect(screen.getByRole("status").textContent).not.toBe(""));
  expect((await screen.findByRole("status")).textContent).toContain("We sent a 6-digit code");
  fireEvent.change(screen.getByLabelText("Code from your e-mail"), { target: { value: "654321" } });
  await act(async () => {
    fireEvent.click(confirm());
  });
  await waitFor(() => expect(calls).toHaveLength(2));
  expect(calls.map((call) => [call.method, call.body])).toEqual([
    ["POST", null],
    ["DELETE", { emailCode: "654321" }],
  ]);
});
