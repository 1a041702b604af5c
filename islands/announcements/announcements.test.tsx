import { afterEach, beforeEach, expect, mock, test } from "bun:test";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Provider, createStore } from "jotai";
import { ANNOUNCEMENT_NOTICE, BLANK_APP_ANNOUNCEMENT, BLANK_EMAIL_MESSAGE, BLANK_EMAIL_SUBJECT } from "../../src/shared/announcements";
import Announcements from "./index";

type Call = { url: string; body: unknown };
let calls: Call[] = [];
let answer: () => Promise<Response>;
beforeEach(() => {
  calls = [];
  answer = async () => Response.json({ message: "Your announcement is being sent." });
  globalThis.fetch = mock(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), body: JSON.parse(String(init?.body ?? "null")) });
    return answer();
  }) as unknown as typeof fetch;
});
afterEach(cleanup);

const renderForms = () =>
  render(
    <Provider store={createStore()}>
      <Announcements recipients={{ app: 1234, email: 1 }} signature="Ada Admin" />
    </Provider>,
  );
const appForm = () => screen.getByRole("form", { name: "App announcement" });
const emailForm = () => screen.getByRole("form", { name: "E-mail announcement" });

test("a blank app announcement is refused in place and nothing is sent", async () => {
  renderForms();
  fireEvent.change(screen.getByLabelText("Message", { selector: "#app-announcement-message" }), { target: { value: "   " } });
  await act(async () => fireEvent.submit(appForm()));
  expect(screen.getByText(BLANK_APP_ANNOUNCEMENT)).toBeTruthy();
  expect(calls).toEqual([]);
});

test("a blank e-mail subject and message each get their message", async () => {
  renderForms();
  await act(async () => fireEvent.submit(emailForm()));
  expect(screen.getByText(BLANK_EMAIL_SUBJECT)).toBeTruthy();
  expect(screen.getByText(BLANK_EMAIL_MESSAGE)).toBeTruthy();
  fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Launch" } });
  expect(screen.queryByText(BLANK_EMAIL_SUBJECT)).toBeNull();
  await act(async () => fireEvent.submit(emailForm()));
  expect(screen.getByText(BLANK_EMAIL_MESSAGE)).toBeTruthy();
  expect(calls).toEqual([]);
});

test("sending shows the long-running notice, then the server's message as a toast", async () => {
  let release: (response: Response) => void = () => {};
  answer = () => new Promise((resolve) => (release = resolve));
  let refreshed = 0;
  window.addEventListener("notifications:refresh", () => refreshed++);
  renderForms();
  fireEvent.change(screen.getByLabelText("Subject"), { target: { value: " Launch " } });
  fireEvent.change(screen.getByLabelText("Message", { selector: "#email-announcement-message" }), { target: { value: "Templates are live." } });
  await act(async () => fireEvent.submit(emailForm()));
  // Nothing goes out before the admin has seen whom it reaches and what they will read.
  expect(calls).toEqual([]);
  const dialog = screen.getByRole("dialog", { name: "E-mail this announcement to 1 user?" });
  expect(dialog.textContent).toContain("Subject: Launch");
  expect(dialog.textContent).toContain("Templates are live.\n\nAda Admin\nWebstudio");
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send e-mail" })));
  expect(screen.getByText(ANNOUNCEMENT_NOTICE)).toBeTruthy();
  expect((screen.getByRole("button", { name: "Sending…" }) as HTMLButtonElement).disabled).toBe(true);
  // The API client loads on its first call: answer only once the request has gone out.
  await waitFor(() => expect(calls).toHaveLength(1));
  await act(async () => release(Response.json({ message: "Your announcement is being sent." })));
  expect(calls).toEqual([
    { url: "http://localhost:3000/api/admin/notifications/emailannouncement", body: { subject: "Launch", message: "Templates are live." } },
  ]);
  expect(screen.getByText("Your announcement is being sent.")).toBeTruthy();
  expect(refreshed).toBe(1);
  expect((screen.getByLabelText("Subject") as HTMLInputElement).value).toBe("");
});

test("a refused announcement shows the server's message as an error and keeps the text", async () => {
  answer = async () => Response.json({ message: "Only admins can do that." }, { status: 403 });
  renderForms();
  const box = screen.getByLabelText("Message", { selector: "#app-announcement-message" }) as HTMLTextAreaElement;
  fireEvent.change(box, { target: { value: "Hello all" } });
  await act(async () => fireEvent.submit(appForm()));
  expect(screen.getByRole("dialog", { name: "Send this app announcement to 1,234 users?" })).toBeTruthy();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Send announcement" })));
  expect(screen.getByText("Only admins can do that.")).toBeTruthy();
  expect(screen.queryByText(ANNOUNCEMENT_NOTICE)).toBeNull();
  expect(box.value).toBe("Hello all");
});

test("the live preview follows the app message as it is typed: the bell's line and the formatted bubble", () => {
  renderForms();
  const preview = within(appForm()).getByRole("figure", { name: "Preview" });
  expect(preview.textContent).toContain("Your message shows here as users will see it.");
  const box = screen.getByLabelText("Message", { selector: "#app-announcement-message" });
  expect(box.getAttribute("aria-describedby")).toBe("app-announcement-message-help");
  expect(document.getElementById("app-announcement-message-help")?.textContent).toBe("Formatting: **bold**, *italic*, [link](https://…), - lists");

  fireEvent.change(box, { target: { value: "**Closed** on" } });
  expect(preview.querySelector(".bell-item-message")?.textContent).toBe("Closed on");
  expect(preview.querySelector(".channel-message strong")?.textContent).toBe("Closed");

  fireEvent.change(box, { target: { value: "**Closed** on *Friday*.\n\n- See [our hours](https://example.com/hours)\n- [x](javascript:alert(1))" } });
  expect(preview.querySelector(".bell-item-message")?.textContent).toBe("Closed on Friday. • See our hours • [x](javascript:alert(1))");
  const bubble = preview.querySelector(".channel-message") as HTMLElement;
  expect(bubble.querySelector("em")?.textContent).toBe("Friday");
  expect([...bubble.querySelectorAll("li")].map((li) => li.textContent)).toEqual(["See our hours", "[x](javascript:alert(1))"]);
  const link = within(bubble).getByRole("link", { name: "our hours" });
  expect(link.getAttribute("href")).toBe("https://example.com/hours");
  expect(link.getAttribute("rel")).toBe("noopener nofollow");
  expect(link.getAttribute("target")).toBe("_blank");
  expect(bubble.querySelectorAll("a")).toHaveLength(1);
  expect(bubble.textContent).not.toContain("**");
  expect(calls).toEqual([]);
});

test("the e-mail preview shows the text as sent: subject, markers gone, links with their address, signed", () => {
  renderForms();
  const preview = within(emailForm()).getByRole("figure", { name: "Preview" });
  fireEvent.change(screen.getByLabelText("Subject"), { target: { value: "Launch" } });
  fireEvent.change(screen.getByLabelText("Message", { selector: "#email-announcement-message" }), {
    target: { value: "**New** templates: [see them](https://example.com/t)\n* fast\n* _calm_" },
  });
  expect(preview.querySelector("figcaption")?.textContent).toBe("Subject: Launch");
  expect(preview.querySelector(".announcement-preview-text")?.textContent).toBe(
    "New templates: see them (https://example.com/t)\n\n- fast\n- calm\n\nAda Admin\nWebstudio\n\nYou get this e-mail because announcements are on in your notification settings.",
  );
});
