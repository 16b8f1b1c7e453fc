// Every admin screen of a production build, discovered from the build's route table (shared
// by bench/screens.ts, which times their loaders, and bench/paint.ts, which runs Lighthouse on
// them): every route under the `_admin` layout that has a loader and renders a page (resource
// routes, such as the CSV download, are left out). A screen with a path parameter is visited
// with the demo store's first row of that kind.
import { prisma } from "~/db.server";

export type RouteModule = {
  default?: unknown;
  loader?: (args: { request: Request; params: Record<string, string>; context: unknown }) => Promise<unknown>;
};
export type BuildRoute = { id: string; parentId?: string; path?: string; index?: boolean; module: RouteModule };
export type AdminScreen = {
  route: BuildRoute;
  /** The path with its parameters named (`/customers/:customerId`). */
  pattern: string;
  /** The path with the demo store's first rows in place of the parameters; null when there is none. */
  url: string | null;
  params: Record<string, string>;
  skipped?: string;
};

/** The first of the demo store's rows for each path parameter the admin screens take. */
const firstIds = (shopId: string): Record<string, () => Promise<{ id: string } | null>> => {
  const first = { where: { shopId }, select: { id: true }, orderBy: { id: "asc" as const } };
  return {
    invoiceId: () => prisma.invoice.findFirst(first),
    messageId: () => prisma.outboxMessage.findFirst(first),
    customerId: () => prisma.customer.findFirst(first),
    variantId: () => prisma.variant.findFirst(first),
    poId: () => prisma.purchaseOrder.findFirst(first),
  };
};

export async function adminScreens(routes: Record<string, BuildRoute>, shopId: string): Promise<AdminScreen[]> {
  const chain = (route: BuildRoute) => {
    const out: BuildRoute[] = [];
    for (let r: BuildRoute | undefined = route; r; r = r.parentId ? routes[r.parentId] : undefined) out.unshift(r);
    return out;
  };
  const ids = firstIds(shopId);
  const screens: AdminScreen[] = [];
  const pages = Object.values(routes)
    .filter((r) => r.module.loader && r.module.default && chain(r).some((p) => p.parentId === "routes/_admin"))
    .sort((a, b) => a.id.localeCompare(b.id));
  for (const route of pages) {
    const pattern = `/${chain(route)
      .map((r) => r.path)
      .filter(Boolean)
      .join("/")}`;
    let url: string | null = pattern;
    const params: Record<string, string> = {};
    let skipped: string | undefined;
    for (const name of pattern.match(/:\w+/g) ?? []) {
      const key = name.slice(1);
      const row = ids[key] ? await ids[key]() : null;
      if (!row) {
        skipped = `no row for ${name}`;
        url = null;
        break;
      }
      params[key] = row.id;
      url = url!.replace(name, row.id);
    }
    screens.push({ route, pattern, url, params, ...(skipped && { skipped }) });
  }
  return screens;
}
