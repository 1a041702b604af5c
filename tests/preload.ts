// Preloaded by every `bun test` run (bunfig.toml; the island suite names it beside happy-dom): an
// undeclared console.error fails the test during which it was logged (helpers/console.ts). One
// logged between tests (a file's beforeAll or afterAll) fails the next test, or the run's end.
import { afterAll, afterEach } from "bun:test";
import { checkConsoleErrors, watchConsoleErrors } from "./helpers/console";

watchConsoleErrors();
afterEach(checkConsoleErrors);
afterAll(checkConsoleErrors);
