// The terms' rule on a controllable clock: one revision request within 10 days of delivery,
// another round only when an admin opens it.
import { describe, expect, test } from "bun:test";
import { type RevisionFacts, grantRefusal, revisionWindow } from "./revisions";

const day = 24 * 60 * 60 * 1000;
const delivered = new Date("2026-11-01T12:00:00Z");
const at = (days: number) => new Date(delivered.getTime() + days * day);
const facts = (overrides: Partial<RevisionFacts> = {}): RevisionFacts => ({
  deliveredAt: delivered,
  revisionsOpenedAt: delivered,
  revisionRounds: 1,
  revisionRequests: 0,
  revisionRequestedAt: null,
  ...overrides,
});

describe("revisionWindow", () => {
  test("before delivery it explains when revisions open", () => {
    const window = revisionWindow(facts({ deliveredAt: null, revisionsOpenedAt: null }), at(0));
    expect(window.state).toBe("not-delivered");
    expect(window.reason).toContain("once it is marked Completed, you have 10 days");
  });

  test("open for 10 days after delivery, to the millisecond", () => {
    expect(revisionWindow(facts(), at(0)).state).toBe("open");
    expect(revisionWindow(facts(), new Date(at(10).getTime() - 1)).state).toBe("open");
    expect(revisionWindow(facts(), at(10))).toMatchObject({ state: "expired", reason: expect.stringContaining("ended on November 11, 2026") });
  });

  test("one request per round: after it, no more, even inside the 10 days", () => {
    const window = revisionWindow(facts({ revisionRequests: 1, revisionRequestedAt: at(2) }), at(3));
    expect(window.state).toBe("requested");
    expect(window.reason).toContain("sent on November 3, 2026");
  });

  test("an admin's grant opens one more request for 10 days from the grant", () => {
    const used = facts({ revisionRequests: 1, revisionRequestedAt: at(2) });
    expect(grantRefusal(revisionWindow(used, at(30)))).toBeNull();
    const granted = { ...used, revisionRounds: 2, revisionsOpenedAt: at(30) };
    expect(revisionWindow(granted, at(39)).state).toBe("open");
    expect(revisionWindow(granted, at(40)).state).toBe("expired");
    expect(revisionWindow({ ...granted, revisionRequests: 2 }, at(31)).state).toBe("requested");
  });

  test("no grant before delivery or while a round is open", () => {
    expect(grantRefusal(revisionWindow(facts({ deliveredAt: null, revisionsOpenedAt: null }), at(0)))).toContain("not been delivered");
    expect(grantRefusal(revisionWindow(facts(), at(1)))).toContain("already open");
    expect(grantRefusal(revisionWindow(facts(), at(11)))).toBeNull();
  });
});
