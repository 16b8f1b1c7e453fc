// The digital-assets forms' one schema each (docs/decisions/101-digital-assets.md), used by the
// screen's dialogs and the route's action alike.
import { z } from "zod";

export const COLLECTION_STATUSES = ["draft", "active", "paused"] as const;
export type CollectionStatus = (typeof COLLECTION_STATUSES)[number];
export const NETWORKS = {
  ethereum: { label: "Ethereum", chainId: 1 },
  polygon: { label: "Polygon", chainId: 137 },
} as const;
export type Network = keyof typeof NETWORKS;
export const NETWORK_IDS = Object.keys(NETWORKS) as Network[];
export const MAX_SUPPLY = 1_000_000;

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
const optional = <T extends z.ZodTypeAny>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema.optional());

/** An http(s) URL; production endpoints are https (a key in the URL never travels in the clear). */
export const rpcUrlSchema = z
  .string()
  .trim()
  .max(500, "At most 500 characters")
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "Enter an http or https URL");

const contractAddress = z
  .string()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, "Enter a 0x address of 40 hex digits");

/** What a merchant may edit once a collection exists: its face, its supply and its contract. */
const collectionFields = {
  name: text(80).min(1, "Enter a name"),
  description: optional(text(500)),
  supply: z.coerce
    .number({ message: "Enter a whole number" })
    .int("Enter a whole number")
    .min(1, "At least 1")
    .max(MAX_SUPPLY, `At most ${MAX_SUPPLY.toLocaleString("en-US")}`),
  imageUrl: optional(text(500).refine((v) => /^https:\/\//.test(v) && URL.canParse(v), "Enter an https image URL")),
  chainNetwork: optional(z.enum(["ethereum", "polygon"], { message: "Choose Ethereum or Polygon" })),
  contractStandard: optional(z.enum(["erc721", "erc1155"], { message: "Choose ERC-721 or ERC-1155" })),
  contractAddress: optional(contractAddress),
  contractTokenId: optional(
    z
      .string()
      .trim()
      .regex(/^\d{1,78}$/, "Enter the token id as a whole number"),
  ),
};

type Linked = { chainNetwork?: string; contractStandard?: string; contractAddress?: string; contractTokenId?: string };
function contractComplete(v: Linked, ctx: z.RefinementCtx) {
  const linked = [v.chainNetwork, v.contractStandard, v.contractAddress].filter(Boolean).length;
  if (linked > 0 && linked < 3) {
    for (const key of ["chainNetwork", "contractStandard", "contractAddress"] as const)
      if (!v[key]) ctx.addIssue({ code: "custom", path: [key], message: "Needed to link a contract" });
  }
  if (v.contractStandard === "erc1155" && !v.contractTokenId)
    ctx.addIssue({ code: "custom", path: ["contractTokenId"], message: "An ERC-1155 contract needs the token id" });
}

export const collectionSchema = z
  .object({
    intent: z.literal("createCollection"),
    ...collectionFields,
    status: z.enum(["draft", "active"], { message: "Choose draft or active" }).default("draft"),
    ruleKind: optional(z.enum(["tier", "product"], { message: "Choose a rule" })),
    ruleTierId: optional(text(40)),
    ruleProductId: optional(text(40)),
  })
  .superRefine((v, ctx) => {
    if (v.ruleKind === "tier" && !v.ruleTierId)
      ctx.addIssue({ code: "custom", path: ["ruleTierId"], message: "Choose a tier" });
    if (v.ruleKind === "product" && !v.ruleProductId)
      ctx.addIssue({ code: "custom", path: ["ruleProductId"], message: "Choose a product" });
    contractComplete(v, ctx);
  });

export const editCollectionSchema = z
  .object({ intent: z.literal("editCollection"), collectionId: text(40).min(1), ...collectionFields })
  .superRefine(contractComplete);

export const perkSchema = z
  .object({
    intent: z.literal("createPerk"),
    collectionId: text(40).min(1, "Choose a collection"),
    title: text(80).min(1, "Enter a title"),
    kind: z.enum(["percentage", "amount", "free_shipping"], {
      message: "Choose percentage off, amount off or free shipping",
    }),
    percent: optional(z.coerce.number({ message: "Enter a number" }).gt(0, "More than 0").max(100, "At most 100")),
    amount: optional(
      z
        .string()
        .trim()
        .regex(/^\d{1,7}(\.\d{1,2})?$/, "Enter an amount like 10 or 10.50"),
    ),
  })
  .superRefine((v, ctx) => {
    if (v.kind === "percentage" && v.percent === undefined)
      ctx.addIssue({ code: "custom", path: ["percent"], message: "Enter the percentage off" });
    if (v.kind === "amount" && v.amount === undefined)
      ctx.addIssue({ code: "custom", path: ["amount"], message: "Enter the amount off" });
  });

export const assetActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("issuePerk"), perkId: text(40).min(1) }),
  z.object({
    intent: z.literal("issue"),
    collectionId: text(40).min(1),
    email: z.string().trim().toLowerCase().email("Enter the customer's e-mail").max(254),
  }),
  z.object({ intent: z.literal("applyRule"), collectionId: text(40).min(1) }),
  z.object({
    intent: z.literal("setStatus"),
    collectionId: text(40).min(1),
    status: z.enum(COLLECTION_STATUSES, { message: "Choose a status" }),
  }),
  z.object({ intent: z.literal("deleteCollection"), collectionId: text(40).min(1) }),
  z.object({ intent: z.literal("checkHolders"), collectionId: text(40).min(1) }),
  z.object({
    intent: z.literal("saveNetworks"),
    ethereum: optional(rpcUrlSchema),
    polygon: optional(rpcUrlSchema),
  }),
]);

export type CollectionInput = z.infer<typeof collectionSchema>;
export type CollectionEdit = z.infer<typeof editCollectionSchema>;
export type AssetAction = z.infer<typeof assetActionSchema>;

export type AssetActionResult =
  | { ok: true; intent: string; message: string; verifyPath?: string }
  | { ok: false; fieldErrors: Record<string, string[] | undefined> };
