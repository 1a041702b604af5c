// The check every test runs under (tests/preload.ts): console.error fails a test unless declared.
import { describe, expect, test } from "bun:test";
import { checkConsoleErrors, expectConsoleError } from "./helpers/console";

describe("console.error in a test", () => {
  test("fails the test when nothing declared it", () => {
    console.error("something went wrong quietly");
    expect(checkConsoleErrors).toThrow("console.error was called 1 time(s)");
    // The check forgot what it reported, so the test itself ends clean.
    expect(checkConsoleErrors).not.toThrow();
  });

  test("passes when the test declared the error it provokes, and only that one", () => {
    expectConsoleError(/^the expected failure/);
    console.error("the expected failure, with details");
    expect(checkConsoleErrors).not.toThrow();
    // A declaration lasts until the check after its test.
    console.error("the expected failure, again");
    expect(checkConsoleErrors).toThrow("the expected failure, again");
  });
});
