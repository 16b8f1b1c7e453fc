// Prisma CLI configuration for the embedded SQLite database. The CLI runs its
// JavaScript schema engine through the driver adapter, so nothing is downloaded.
import { defineConfig } from "prisma/config";
import { PrismaBetterSQLite3 } from "@prisma/adapter-better-sqlite3";
import { sqliteFileUrl } from "./database-url";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "schema.prisma",
  migrations: { path: "migrations/sqlite" },
  adapter: async () => new PrismaBetterSQLite3({ url: sqliteFileUrl(process.env.DATABASE_URL) }),
});
