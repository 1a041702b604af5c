// Preloaded only by the island tests' own `bun test` run: registered globally, happy-dom
// replaces Response and would break Bun.serve in the server tests.
import { GlobalRegistrator } from "@happy-dom/global-registrator";

GlobalRegistrator.register({ url: "http://localhost:3000/" });
