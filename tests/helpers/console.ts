// console.error is how React, Bun and libraries report what went wrong without throwing, so a test
// during which something calls it fails (tests/preload.ts checks after each test), unless the test
// declared the error it provokes with expectConsoleError. Declared errors are not printed.
import { formatWithOptions } from "node:util";

const expected: RegExp[] = [];
const unexpected: string[] = [];

/** Lets the current test log console.error lines that match `pattern` (until it ends). */
export function expectConsoleError(pattern: RegExp): void {
  expected.push(pattern);
}

/** Routes console.error through the check; the errors not declared are still printed. */
export function watchConsoleErrors(): void {
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    const text = formatWithOptions({ colors: false }, ...args);
    if (expected.some((pattern) => pattern.test(text))) return;
    unexpected.push(text);
    print(...args);
  };
}

/** Throws if console.error logged anything undeclared since the last check; forgets the declarations. */
export function checkConsoleErrors(): void {
  expected.length = 0;
  const logged = unexpected.splice(0);
  if (logged.length > 0)
    throw new Error(`console.error was called ${logged.length} time(s) (expectConsoleError declares an expected one):\n${logged.join("\n")}`);
}
