// Resolves a `file:` DATABASE_URL the way the app does: relative paths are
// relative to the project root, so the CLI, the server and tests share one file.
import path from "node:path";

export const DEFAULT_SQLITE_URL = "file:./prisma/dev.db";

export function sqliteFileUrl(url: string | undefined): string {
  const raw = (url ?? DEFAULT_SQLITE_URL).replace(/^file:/, "");
  if (raw === ":memory:") return raw;
  return path.resolve(process.cwd(), raw);
}

export function isPostgresUrl(url: string | undefined): boolean {
  return !!url && /^postgres(ql)?:\/\//.test(url);
}
