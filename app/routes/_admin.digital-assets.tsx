// /digital-assets (admin-and-public.md §2 screen 6, docs/product/digital-assets.md): the stat
// cards, Overview, NFT Collections, Loyalty Tokens and Blockchain Settings (live reads only on
// that tab). Owner and Admin change collections and settings; a Viewer reads.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import {
  ASSET_TABS,
  DigitalAssetsScreen,
  assetActionSchema,
  collectionSchema,
  editCollectionSchema,
  perkSchema,
  type AssetActionResult,
} from "~/features/digital-assets";
import {
  AssetError,
  applyRule,
  assetsScreen,
  checkHolders,
  createPerk,
  issuePerk,
  createCollection,
  deleteCollection,
  editCollection,
  issueByHand,
  saveNetworks,
  setCollectionStatus,
} from "~/features/digital-assets/index.server";
import { answeringRefusals, requireAdmin } from "~/features/shop/index.server";
import { decimalStringToMinor } from "~/lib/money";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read", action: "write" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Digital Assets · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { shop } = await requireAdmin(request, permissions.loader);
  const requested = new URL(request.url).searchParams.get("tab");
  const tab = ASSET_TABS.find((t) => t.id === requested)?.id ?? "overview";
  return assetsScreen(shop, tab);
}

const fail = (fieldErrors: Record<string, string[]>, status: number) =>
  data<AssetActionResult>({ ok: false, fieldErrors }, { status });

export const action = answeringRefusals(async ({ request }: ActionFunctionArgs) => {
  const ctx = await requireAdmin(request, permissions.action);
  const { shop } = ctx;
  const read = await readForm(request);
  if (!read.ok) return data<AssetActionResult>({ ok: false, fieldErrors: read.fieldErrors }, { status: 400 });
  try {
    if (read.values.intent === "createCollection") {
      const parsed = collectionSchema.safeParse(read.values);
      if (!parsed.success)
        return data<AssetActionResult>({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
      const { intent, ...input } = parsed.data;
      const created = await createCollection(shop.id, input);
      const ruled = created.status === "active" && created.ruleKind ? await applyRule(shop.id, created.id) : null;
      const message = ruled ? `Collection created; ${ruled.issued} issued by its rule` : "Collection created";
      return { ok: true, intent, message } satisfies AssetActionResult;
    }
    if (read.values.intent === "editCollection") {
      const parsed = editCollectionSchema.safeParse(read.values);
      if (!parsed.success)
        return data<AssetActionResult>({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
      const { intent, collectionId, ...input } = parsed.data;
      await editCollection(shop.id, collectionId, input);
      return { ok: true, intent, message: "Collection saved" } satisfies AssetActionResult;
    }
    if (read.values.intent === "createPerk") {
      const parsed = perkSchema.safeParse(read.values);
      if (!parsed.success)
        return data<AssetActionResult>({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
      const p = parsed.data;
      const base = { collectionId: p.collectionId, title: p.title };
      const amountMinor = p.kind === "amount" ? decimalStringToMinor(p.amount!, shop.currency) : null;
      if (p.kind === "amount" && !amountMinor) return fail({ amount: ["Enter an amount above 0"] }, 400);
      await createPerk(
        shop.id,
        p.kind === "percentage"
          ? { ...base, kind: "percentage", percentOff: p.percent! / 100 }
          : p.kind === "amount"
            ? { ...base, kind: "amount", amountMinor: amountMinor! }
            : { ...base, kind: "free_shipping" },
      );
      return { ok: true, intent: p.intent, message: "Perk created" } satisfies AssetActionResult;
    }
    const parsed = assetActionSchema.safeParse(read.values);
    if (!parsed.success)
      return data<AssetActionResult>({ ok: false, fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
    const a = parsed.data;
    switch (a.intent) {
      case "issue": {
        const item = await issueByHand(shop.id, a.collectionId, a.email);
        return {
          ok: true,
          intent: a.intent,
          message: `Item #${item.serial} issued`,
          verifyPath: `/c/${item.token}`,
        } satisfies AssetActionResult;
      }
      case "applyRule": {
        const { issued } = await applyRule(shop.id, a.collectionId);
        return {
          ok: true,
          intent: a.intent,
          message: issued ? `${issued} issued by the rule` : "Nobody new qualifies",
        } satisfies AssetActionResult;
      }
      case "setStatus":
        await setCollectionStatus(shop.id, a.collectionId, a.status);
        if (a.status === "active")
          await applyRule(shop.id, a.collectionId).catch((e) => {
            if (!(e instanceof AssetError)) throw e;
          });
        return { ok: true, intent: a.intent, message: `Collection ${a.status}` } satisfies AssetActionResult;
      case "deleteCollection":
        await deleteCollection(shop.id, a.collectionId);
        return { ok: true, intent: a.intent, message: "Collection deleted" } satisfies AssetActionResult;
      case "checkHolders": {
        const read = await checkHolders(shop.id, a.collectionId);
        if (read.state === "read")
          return {
            ok: true,
            intent: a.intent,
            message: `${read.holders} of ${read.wallets} linked wallets hold it on chain`,
          } satisfies AssetActionResult;
        const why = {
          "not-linked": "This collection is not linked to a contract",
          "not-configured": "Configure the network's RPC under Blockchain Settings first",
        } as const;
        return fail({ _form: [read.state === "error" ? read.error : why[read.state]] }, 409);
      }
      case "issuePerk": {
        const r = await issuePerk(shop, a.perkId, ctx.demo ? null : ctx.admin.graphql);
        if (r.unavailable && r.issued === 0)
          return fail({ _form: ["Shopify could not create the codes just now; try again"] }, 502);
        if (r.refused.length && r.issued === 0) return fail({ _form: r.refused.slice(0, 3) }, 409);
        const parts = [`${r.issued} code${r.issued === 1 ? "" : "s"} issued`, `${r.already} holders already had one`];
        if (r.refused.length) parts.push(`${r.refused.length} refused (${r.refused[0]})`);
        if (r.unavailable) parts.push("Shopify stopped answering; run again for the rest");
        return { ok: true, intent: a.intent, message: parts.join("; ") } satisfies AssetActionResult;
      }
      case "saveNetworks":
        await saveNetworks(shop.id, { ethereum: a.ethereum, polygon: a.polygon });
        return { ok: true, intent: a.intent, message: "Networks saved" } satisfies AssetActionResult;
    }
  } catch (error) {
    if (error instanceof AssetError) return fail({ [error.field]: [error.message] }, error.status);
    throw error;
  }
});

export default function DigitalAssets() {
  const loaded = useLoaderData<typeof loader>();
  return <DigitalAssetsScreen {...loaded} />;
}
