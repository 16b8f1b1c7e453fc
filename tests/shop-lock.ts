// For tests that a writer waits for the shop's row lock: the lock held in an open transaction, as
// a long whole-shop recompute holds it, until release().
import { lockShopRow, prisma } from "~/db.server";

export async function holdShopLock(shopId: string): Promise<{ release: () => Promise<void> }> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let locked!: () => void;
  const held = new Promise<void>((resolve) => (locked = resolve));
  const holder = prisma.$transaction(
    async (tx) => {
      await lockShopRow(tx, shopId);
      locked();
      await gate;
    },
    { timeout: 20_000 },
  );
  await held;
  return {
    release: async () => {
      open();
      await holder;
    },
  };
}

/** Whether `promise` settled within `ms`. */
export const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => true,
      () => true,
    ),
    new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms)),
  ]);
