// Prisma CLI configuration for PostgreSQL (production). The schema is derived
// from schema.prisma by scripts/prisma.mjs.
import { defineConfig } from "prisma/config";
import { PrismaPg } from "@prisma/adapter-pg";

export default defineConfig({
  experimental: { adapter: true },
  engine: "js",
  schema: "generated/postgres.prisma",
  migrations: { path: "migrations/postgresql" },
  adapter: async () => new PrismaPg({ connectionString: process.env.DATABASE_URL ?? "" }),
});
