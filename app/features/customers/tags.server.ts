// Segments written to customers' tags in Shopify (tagsAdd / tagsRemove, write_customers), so
// Shopify Email, Flow and other apps can target them. State-based, so idempotent and resumable:
// each run picks the customers whose tagged segment differs from what it should be, changes
// their tags in Shopify, records it, and goes on until none is left (or the step's budget is spent).
import { prisma } from "~/db.server";
import {
  AdminApiError,
  adminOperation,
  assertNoUserErrors,
  gid,
  type AdminGraphql,
} from "~/features/store-sync/index.server";
import type { CustomersTagsAddMutation, CustomersTagsRemoveMutation } from "~/graphql/admin.generated";
import { segmentSlug } from "./query";
import { SEGMENTS, type Segment } from "./rfm";

export const TAGS_ADD = `#graphql
  mutation CustomersTagsAdd($id: ID!, $tags: [String!]!) {
    tagsAdd(id: $id, tags: $tags) {
      userErrors { field message }
    }
  }
`;

export const TAGS_REMOVE = `#graphql
  mutation CustomersTagsRemove($id: ID!, $tags: [String!]!) {
    tagsRemove(id: $id, tags: $tags) {
      userErrors { field message }
    }
  }
`;

/** The tag a segment is written as: "profitpilot-vip", "profitpilot-at-risk". */
export const segmentTag = (segment: string) => `profitpilot-${segmentSlug(segment)}`;

type TagShop = { id: string; isDemo: boolean };

export async function tagSettings(shopId: string) {
  const rows = await prisma.customerSegmentTag.findMany({ where: { shopId } });
  return SEGMENTS.map((segment) => {
    const row = rows.find((r) => r.segment === segment);
    return {
      segment,
      tag: segmentTag(segment),
      enabled: row?.enabled ?? false,
      lastRunAt: row?.lastRunAt?.toISOString() ?? null,
      lastError: row?.lastError ?? null,
    };
  });
}

export async function setSegmentTagging(shopId: string, segment: Segment, enabled: boolean) {
  await prisma.customerSegmentTag.upsert({
    where: { shopId_segment: { shopId, segment } },
    create: { shopId, segment, enabled },
    update: { enabled, lastError: null },
  });
}

/** Customers in `segment` tagged `tagged` need a change: in an enabled segment without its tag, or tagged off or not theirs. */
const pending = (enabled: readonly string[], segment: string, tagged: string | null) =>
  (enabled.includes(segment) && tagged !== segment) ||
  (tagged !== null && !(enabled.includes(tagged) && tagged === segment));

const enabledSegments = async (shopId: string) =>
  (await prisma.customerSegmentTag.findMany({ where: { shopId, enabled: true }, select: { segment: true } })).map(
    (r) => r.segment,
  );

/** How many customers are pending, from the (segment, tagged segment) pairs' counts: one read of an index. */
export async function pendingTagChanges(shopId: string): Promise<number> {
  const [enabled, pairs] = await Promise.all([
    enabledSegments(shopId),
    prisma.customerScore.groupBy({ by: ["segment", "taggedSegment"], where: { shopId }, _count: { _all: true } }),
  ]);
  return pairs.reduce((n, p) => n + (pending(enabled, p.segment, p.taggedSegment) ? p._count._all : 0), 0);
}

/** One tag change in Shopify, retried while throttled; userErrors throw. */
async function mutate(graphql: AdminGraphql, doc: typeof TAGS_ADD | typeof TAGS_REMOVE, id: string, tags: string[]) {
  const data: CustomersTagsAddMutation & CustomersTagsRemoveMutation = await adminOperation(graphql, doc, { id, tags });
  const payload = data.tagsAdd ?? data.tagsRemove;
  if (!payload) throw new AdminApiError("Shopify did not answer the tag change");
  assertNoUserErrors(payload.userErrors, "Shopify refused the tag change");
}

/**
 * Converges up to `budget` customers' tags; returns how many changed and whether work is left.
 * In the demo nothing is sent: the tags are recorded locally.
 */
export async function syncSegmentTags(shop: TagShop, graphql: AdminGraphql, budget = 250) {
  const enabled = await enabledSegments(shop.id);
  let changed = 0;
  try {
    while (changed < budget) {
      const batch = await prisma.customerScore.findMany({
        where: {
          shopId: shop.id,
          OR: SEGMENTS.flatMap((segment) =>
            [null, ...SEGMENTS].flatMap((taggedSegment) =>
              pending(enabled, segment, taggedSegment) ? [{ segment, taggedSegment }] : [],
            ),
          ),
        },
        select: { customerId: true, segment: true, taggedSegment: true, customer: { select: { shopifyId: true } } },
        orderBy: { customerId: "asc" },
        take: 25,
      });
      if (!batch.length) break;
      for (const row of batch) {
        const want = enabled.includes(row.segment) ? row.segment : null;
        // A numeric id from the import becomes the Admin API's global id.
        const id = gid("Customer", row.customer.shopifyId);
        if (!shop.isDemo && id) {
          if (row.taggedSegment && row.taggedSegment !== want)
            await mutate(graphql, TAGS_REMOVE, id, [segmentTag(row.taggedSegment)]);
          if (want && row.taggedSegment !== want) await mutate(graphql, TAGS_ADD, id, [segmentTag(want)]);
        }
        // A customer not in Shopify (none in a connected store) has no tags to change.
        await prisma.customerScore.update({
          where: { shopId_customerId: { shopId: shop.id, customerId: row.customerId } },
          data: { taggedSegment: want },
        });
        changed++;
      }
    }
    await prisma.customerSegmentTag.updateMany({
      where: { shopId: shop.id },
      data: { lastRunAt: new Date(), lastError: null },
    });
  } catch (error) {
    const message =
      error instanceof AdminApiError ? error.message.slice(0, 300) : "The tag change failed; it will be retried";
    await prisma.customerSegmentTag.updateMany({ where: { shopId: shop.id }, data: { lastError: message } });
    throw error;
  }
  const left = await pendingTagChanges(shop.id);
  return { changed, left };
}
