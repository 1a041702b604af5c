// Preloaded (beside tests/preload.ts) by the suites whose files open databases (package.json): the
// run's one migration happens before the first file, with a budget of its own, rather than inside
// the first file's beforeAll, whose timeout is meant for starting a server. Once per process: with
// --parallel, once per worker.
import { beforeAll } from "bun:test";
import { prepareTestDatabases } from "./helpers/db";

beforeAll(prepareTestDatabases, 120_000);
