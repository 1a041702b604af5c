import { seedBenchData } from "./bench/seed";
await seedBenchData({ databaseUrl: null, dataDir: "/tmp/speed-pgldir", appSecret: "bench-secret-bench-secret-bench-secret-0123", signInUsers: 10 });
