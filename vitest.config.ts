import { defineConfig } from "vitest/config";
import tsconfigPaths from "vite-tsconfig-paths";

// Two projects: `unit` (pure code and components) and `db` (database-backed and
// route tests, each file on a fresh database: SQLite by default, PostgreSQL when
// DATABASE_URL=postgresql://… is set).
export default defineConfig({
  plugins: [tsconfigPaths()],
  test: {
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
          setupFiles: ["tests/setup-env.ts", "tests/setup-db.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
