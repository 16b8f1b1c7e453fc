// Any path not in the route table.
import type { LinksFunction, MetaFunction } from "@remix-run/node";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { NotFoundScreen } from "~/components/NotFound";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];
export const meta: MetaFunction = () => [{ title: "404 Page Not Found" }];

export async function loader() {
  throw new Response(null, { status: 404, statusText: "Not Found" });
}

export default NotFoundScreen;

export function ErrorBoundary() {
  return <NotFoundScreen />;
}
