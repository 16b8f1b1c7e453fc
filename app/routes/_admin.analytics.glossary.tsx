// /analytics/glossary: how every figure is calculated, rendered from the metrics registry
// (app/features/analytics/metrics.ts). Each card's "How is this calculated?" link opens its entry.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Glossary } from "~/features/analytics";
import { AdminPage } from "~/components/AdminPage";
import { requireAdmin } from "~/features/shop/index.server";
import type { RoutePermissions } from "~/features/team";

export const permissions = { loader: "read" } satisfies RoutePermissions;

export const meta: MetaFunction = () => [{ title: "Glossary · Analytics · Profit Pilot" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request, permissions.loader);
  return null;
}

export default function AnalyticsGlossary() {
  return (
    <AdminPage title="How figures are calculated">
      <Glossary />
    </AdminPage>
  );
}
