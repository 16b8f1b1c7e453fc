// The storefront wallet page's bodies (Sign-In with Ethereum, docs/decisions/105-wallets-and-holder-checks.md).
import { z } from "zod";
import { NETWORKS } from "./schema";

const CHAIN_IDS = Object.values(NETWORKS).map((n) => n.chainId);

export const walletActionSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("challenge"),
    address: z
      .string()
      .trim()
      .regex(/^0x[0-9a-fA-F]{40}$/, "Enter a 0x address of 40 hex digits"),
    chainId: z.coerce
      .number({ message: "Choose a chain" })
      .int()
      .refine((v) => CHAIN_IDS.includes(v as 1 | 137), "Ethereum (1) or Polygon (137) only"),
  }),
  z.object({
    intent: z.literal("link"),
    message: z.string().min(1, "The signed message is missing").max(2_000, "At most 2,000 characters"),
    signature: z
      .string()
      .trim()
      .max(20_000, "At most 20,000 characters")
      .regex(/^0x([0-9a-fA-F]{2})+$/, "A signature is 0x and hex digits"),
  }),
  z.object({ intent: z.literal("unlink") }),
]);

export type WalletAction = z.infer<typeof walletActionSchema>;
