// Prisma's better-sqlite3 adapter runs every query on one connection and serializes
// interactive transactions with a mutex, but queries outside a transaction do not wait
// for it: while request A's transaction is open, request B's plain INSERT runs *inside*
// it and is lost if A rolls back (found by app/features/invoices/invoices.db.test.ts, "two sends
// race"). This wrapper makes plain queries wait for open transactions, as they would on
// a real database. A query on the global client issued from inside a transaction would
// now wait for that transaction: use the `tx` client there (the transaction's timeout
// ends such a wait with an error instead of a silent wrong result).

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

function wrapAdapter(adapter: object) {
  const mutex = new Mutex();
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
          const release = await mutex.acquire();
          try {
            const tx = await (target as Record<string, (a: unknown) => Promise<object>>).startTransaction(isolation);
            return wrapTransaction(tx, release);
          } catch (error) {
            release();
            throw error;
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
