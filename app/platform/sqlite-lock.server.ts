// Prisma's better-sqlite3 adapter runs every query on one connection and serializes
// interactive transactions with a mutex, but queries outside a transaction do not wait
// for it: while request A's transaction is open, request B's plain INSERT runs *inside*
// it and is lost if A rolls back (found by app/features/invoices/invoices.db.test.ts, "two sends
// race"). This wrapper makes plain queries wait for open transactions, as they would on
// a real database. A query on the global client issued from inside a transaction would
// now wait for that transaction: use the `tx` client there (the transaction's timeout
// ends such a wait with an error instead of a silent wrong result).
//
// Across processes (the server's workers, a job runner) each process has its own connection
// to the file. The adapter opens a transaction with a deferred BEGIN, which takes the write
// lock only at the first write: a transaction that read first and then wrote, while another
// process wrote, failed at once with SQLITE_BUSY (SQLite does not wait for a lock a reader
// upgrades, it would deadlock) or SQLITE_BUSY_SNAPSHOT (its snapshot is stale). Every
// transaction therefore starts with BEGIN IMMEDIATE, taking the write lock before its first
// read; while another process holds it, the wait is asynchronous (short sleeps between tries,
// the process's other queries run meanwhile), not the driver's busy wait, which would stop
// the event loop (docs/decisions/113-sqlite-immediate-transactions.md).

type Release = () => void;

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  acquire(): Promise<Release> {
    let release!: Release;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

type AnyObject = Record<PropertyKey, unknown>;

function forward(target: object, prop: PropertyKey) {
  const value = Reflect.get(target, prop, target);
  return typeof value === "function" ? value.bind(target) : value;
}

function wrapTransaction(tx: object, release: Release) {
  let released = false;
  const finish = () => {
    if (!released) {
      released = true;
      release();
    }
  };
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === "commit" || prop === "rollback")
        return async () => {
          try {
            return await (target as AnyObject as Record<string, () => Promise<unknown>>)[prop]();
          } finally {
            finish();
          }
        };
      return forward(target, prop);
    },
  });
}

/** How long a transaction waits for another process's write lock before it fails (busy, a 503). */
const LOCK_WAIT_MS = 10_000;

type SqliteDb = {
  prepare(source: string): { run(): unknown };
  pragma(source: string, options?: { simple: boolean }): unknown;
  readonly inTransaction: boolean;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The connection's transactions begin IMMEDIATE. The wrapper takes the write lock itself
 * (`tryBeginImmediate`) before it asks the adapter for the transaction; the adapter's own `BEGIN`
 * (its only use of that statement) then finds the transaction open and has nothing left to do.
 * That `BEGIN` must not fail: the adapter keeps its internal lock when it does, and every later
 * transaction of the process would wait for it forever.
 */
function beginImmediately(adapter: object): SqliteDb {
  const db = (adapter as { client: SqliteDb }).client;
  const prepare = db.prepare.bind(db);
  const begun = { run: () => undefined };
  db.prepare = (source: string) =>
    source === "BEGIN" ? (db.inTransaction ? begun : prepare("BEGIN IMMEDIATE")) : prepare(source);
  return db;
}

function wrapAdapter(adapter: object) {
  const mutex = new Mutex();
  const db = beginImmediately(adapter);
  // In WAL mode, FULL (SQLite's default) syncs the log to disk at every commit: 6.4 ms per
  // single-row write on this machine's disk against 0.03 ms with NORMAL, which syncs at
  // checkpoints. Every public API call writes its usage count, so FULL stopped a worker's event
  // loop for that long on each call. NORMAL keeps the database consistent through any crash; a
  // power loss may undo the last commits (docs/decisions/113-sqlite-immediate-transactions.md).
  if (db.pragma("journal_mode", { simple: true }) === "wal") db.pragma("synchronous = NORMAL");
  const busyTimeout = Number(db.pragma("busy_timeout", { simple: true }));
  /** One try at the write lock, without the driver's busy wait (which would stop the event loop). */
  const tryBeginImmediate = (): boolean => {
    db.pragma("busy_timeout = 0");
    try {
      db.prepare("BEGIN IMMEDIATE").run();
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === "SQLITE_BUSY") return false;
      throw error;
    } finally {
      db.pragma(`busy_timeout = ${busyTimeout}`);
    }
  };
  return new Proxy(adapter, {
    get(target, prop) {
      if (prop === "queryRaw" || prop === "executeRaw" || prop === "executeScript")
        return async (arg: unknown) => {
          const release = await mutex.acquire();
          try {
            return await (target as Record<string, (a: unknown) => Promise<unknown>>)[prop](arg);
          } finally {
            release();
          }
        };
      if (prop === "startTransaction")
        return async (isolation: unknown) => {
          const deadline = performance.now() + LOCK_WAIT_MS;
          for (let attempt = 0; ; attempt++) {
            const release = await mutex.acquire();
            try {
              // Past the deadline the adapter's BEGIN IMMEDIATE waits its busy timeout, then fails (a 503).
              if (tryBeginImmediate() || performance.now() > deadline) {
                const tx = await (target as Record<string, (a: unknown) => Promise<object>>).startTransaction(
                  isolation,
                );
                return wrapTransaction(tx, release);
              }
            } catch (error) {
              if (db.inTransaction) db.prepare("ROLLBACK").run();
              release();
              throw error;
            }
            release();
            // Another process is writing: this one's other queries run meanwhile; then try again.
            await sleep(Math.min(2 ** attempt, 20) * (0.5 + Math.random()));
          }
        };
      return forward(target, prop);
    },
  });
}

/** Wraps a driver adapter factory (new PrismaBetterSQLite3(...)) so its connections are serialized. */
export function serializeSqliteAdapter<F extends object>(factory: F): F {
  return new Proxy(factory, {
    get(target, prop) {
      if (prop === "connect")
        return async (...args: unknown[]) =>
          wrapAdapter(await (target as Record<string, (...a: unknown[]) => Promise<object>>).connect(...args));
      return forward(target, prop);
    },
  });
}
