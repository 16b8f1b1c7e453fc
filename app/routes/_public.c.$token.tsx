// /c/{token}: a digital asset's public verification page (docs/product/digital-assets.md). The
// 256-bit token is the only key; the page shows the item and the shop that issued it, never
// who holds it. Not indexed, not framed, not cached by anyone.
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { formatInstant } from "~/lib/dates";
import { verifyItem } from "~/features/digital-assets/index.server";

const PAGE_HEADERS = {
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "no-referrer",
  "Cache-Control": "private, no-store",
};

export const headers: HeadersFunction = ({ parentHeaders, loaderHeaders, errorHeaders }) => {
  const headers = new Headers(parentHeaders);
  for (const [name, value] of Object.entries(PAGE_HEADERS)) headers.set(name, value);
  for (const [name, value] of new Headers(errorHeaders ?? loaderHeaders)) headers.set(name, value);
  return headers;
};

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data ? `${data.name} #${data.serial} · ${data.shopName}` : "Item not found" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params }: LoaderFunctionArgs) {
  const item = await verifyItem(params.token ?? "");
  if (!item) throw new Response("Item not found", { status: 404, headers: PAGE_HEADERS });
  return {
    name: item.collection.name,
    description: item.collection.description,
    imageUrl: item.collection.imageUrl,
    serial: item.serial,
    supply: item.collection.supply,
    issuedOn: formatInstant(item.issuedAt, item.shop.timezone, "date"),
    shopName: item.shop.name,
    shopDomain: item.shop.domain,
    contract: item.collection.contractAddress
      ? { network: item.collection.chainNetwork, address: item.collection.contractAddress }
      : null,
  };
}

export default function VerifyItem() {
  const d = useLoaderData<typeof loader>();
  return (
    <section className="pp-section">
      <div className="pp-wrap" style={{ maxWidth: 640 }}>
        <p className="pp-lead">Verified digital item</p>
        <h1>
          {d.name} <span style={{ whiteSpace: "nowrap" }}>#{d.serial}</span>
        </h1>
        {d.imageUrl && (
          <img
            src={d.imageUrl}
            alt={d.name}
            width={320}
            height={320}
            style={{ objectFit: "cover", borderRadius: 12 }}
          />
        )}
        {d.description && <p>{d.description}</p>}
        <dl>
          <dt>Issued by</dt>
          <dd>
            {d.shopName} ({d.shopDomain})
          </dd>
          <dt>Number</dt>
          <dd>
            {d.serial} of {d.supply.toLocaleString("en-US")}
          </dd>
          <dt>Issued on</dt>
          <dd>{d.issuedOn}</dd>
        </dl>
        <p>
          This item was issued by {d.shopName} and is recorded by the store, not on a blockchain.
          {d.contract &&
            ` The store's collection corresponds to the ${d.contract.network} contract ${d.contract.address}.`}
        </p>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return (
    <section className="pp-section">
      <div className="pp-wrap" style={{ maxWidth: 640 }}>
        <h1>Item not found</h1>
        <p>This verification link is not valid. Check the address the store gave you.</p>
      </div>
    </section>
  );
}
