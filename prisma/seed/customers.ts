// The demo's customer scores (issue 13): the whole-shop recompute run as of 90, 60 and 30 days
// ago and today, so the screen shows segment history, previous segments and the change
// against 30 days ago, all computed from the seeded orders by app/features/customers.
const DAY = 86_400_000;

export async function seedCustomerScores(
  shop: { id: string; timezone: string },
  now = new Date(),
): Promise<{ customers: number; method: string; changes: number }> {
  const { recomputeShop } = await import("~/features/customers/index.server");
  let changes = 0;
  let last: Awaited<ReturnType<typeof recomputeShop>> | null = null;
  for (const daysAgo of [90, 60, 30, 0]) {
    // The first run takes every summary from the orders; the later ones take again only those
    // that do not hold as of their day (the customers who ordered since), as a nightly run does.
    const at = new Date(now.getTime() - daysAgo * DAY);
    last = await recomputeShop(shop, { now: at, refit: true, rebuild: daysAgo === 90 });
    changes += last.changes;
  }
  return { customers: last!.customers, method: last!.model.method, changes };
}
