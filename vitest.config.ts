import os from "node:os";
import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two projects: `unit` (pure code and components) and `db` (database-backed and
// route tests, each file on a fresh database: SQLite by default, PostgreSQL when
// DATABASE_URL=postgresql://… is set).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the two-core CI
    // machine, where most of a file's time is importing and migrating its database. Two workers
    // took the SQLite run from about 625 s to 482 s there.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["app/**/*.test.{ts,tsx}", "prisma/**/*.test.ts", "scripts/**/*.test.ts"],
          exclude: ["**/*.db.test.{ts,tsx}", "node_modules/**"],
          setupFiles: ["tests/setup-env.ts", "tests/setup-dom.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "db",
          environment: "node",
          include: ["app/**/*.db.test.{ts,tsx}", "tests/**/*.db.test.ts"],
          globalSetup: ["tests/global-db.ts"],
          setupFiles: ["tests/setup-env.ts", "tests/setup-db.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
