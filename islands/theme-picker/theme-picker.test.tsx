import { afterEach, expect, mock, test } from "bun:test";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import ThemePicker from "./index";

afterEach(() => {
  cleanup();
  document.documentElement.removeAttribute("data-theme");
  document.documentElement.removeAttribute("data-tint");
});

function stubFetch(status: number, body: unknown) {
  const calls: { url: string; body: unknown }[] = [];
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input instanceof Request ? input.url : input), body: JSON.parse(String(init?.body ?? "null")) });
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as unknown as typeof fetch;
  return calls;
}

test("choosing a theme applies it to the page at once and saves it", async () => {
  const calls = stubFetch(200, { settings: {} });
  render(<ThemePicker theme={0} tint={0} />);
  fireEvent.click(screen.getByLabelText("Dark"));
  expect(document.documentElement.dataset.theme).toBe("1");
  await waitFor(() => expect(calls).toHaveLength(1));
  expect(calls[0]?.url).toEndWith("/api/users/me/settings");
  expect(calls[0]?.body).toEqual({ path: "theme.themeColor", value: 1 });
});

test("a failed save puts the previous tint back and says why", async () => {
  stubFetch(400, { message: "Invalid value" });
  render(<ThemePicker theme={0} tint={0} />);
  fireEvent.click(screen.getByLabelText("Purple"));
  expect(document.documentElement.dataset.tint).toBe("1");
  expect((await screen.findByRole("alert")).textContent).toBe("Invalid value");
  expect(document.documentElement.dataset.tint).toBe("0");
});

test("a picker that hydrates after another one changed the appearance shows the appearance in force", () => {
  document.documentElement.dataset.theme = "1";
  document.documentElement.dataset.tint = "2";
  render(<ThemePicker theme={0} tint={0} />);
  expect((screen.getByLabelText("Dark") as HTMLInputElement).checked).toBe(true);
  expect((screen.getByLabelText("Light") as HTMLInputElement).checked).toBe(false);
});
