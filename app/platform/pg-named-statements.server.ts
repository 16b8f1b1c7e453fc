// Named statements on PostgreSQL for a few hot, fixed statement texts.
//
// Prisma's PostgreSQL adapter sends every statement unnamed, so the server parses and plans it
// on each call. A webhook's one-customer rescore is two statements, and planning its read (five
// joins and a subquery) was more than half of the server's time for it (decision 067,
// thirteenth pass). A text registered here is sent under a name instead, on every connection of
// the app's pool: the server parses it once per connection and, after five runs, keeps a generic
// plan when it costs no more than the custom ones.
//
// Only texts from a fixed set are registered (module constants, or a handful of variants built
// from them): each name holds a statement on every connection for the connection's life. Past
// MAX_NAMED, a text is sent unnamed as before. A statement whose text is not registered is sent
// as Prisma sends it.
//
// Named statements need a session per client: behind a pooler in transaction mode (PgBouncer
// before 1.21) set PG_NAMED_STATEMENTS=off.

/** The most statement texts that get a name (each is prepared once per connection). */
export const MAX_NAMED = 64;

const names = new Map<string, string>();

/**
 * Registers a statement text, exactly as it will be sent (`$1` marks), to be sent named on
 * PostgreSQL. Returns the text. Registering the same text again is free.
 */
export function named(text: string): string {
  if (!names.has(text) && names.size < MAX_NAMED) names.set(text, `pp_named_${names.size}`);
  return text;
}

/** The name a registered text is sent under (undefined when it is not registered). */
export const statementName = (text: string) => names.get(text);

type QueryConfig = { text?: unknown; name?: unknown };
type Client = { query: (...args: unknown[]) => unknown };
type Pool = { on(event: "connect", listener: (client: Client) => void): unknown };

/**
 * Names the registered statements on each connection the pool opens: a query config whose text
 * is registered gets its name. Queries given as plain text, or already named, are left alone.
 */
export function nameStatements(pool: Pool) {
  pool.on("connect", (client) => {
    const query = client.query;
    client.query = function (this: Client, config: unknown, ...rest: unknown[]) {
      if (config && typeof config === "object" && !(config as QueryConfig).name) {
        const text = (config as QueryConfig).text;
        const name = typeof text === "string" ? names.get(text) : undefined;
        if (name) config = { ...config, name };
      }
      return query.call(this, config, ...rest);
    };
  });
}
