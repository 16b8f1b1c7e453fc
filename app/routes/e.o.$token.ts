// GET /e/o/{token}: a campaign message's open pixel (docs/product/engagement.md). Opens are
// counted and labelled as inflated: privacy features load every image.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { recordOpen } from "~/features/engagement/index.server";

const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export async function loader({ params }: LoaderFunctionArgs) {
  await recordOpen(params.token ?? "");
  return new Response(GIF, { headers: { "Content-Type": "image/gif", "Cache-Control": "no-store" } });
}
