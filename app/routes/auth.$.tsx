// Shopify's install and OAuth flow (token exchange when embedded).
import type { HeadersFunction, LoaderFunctionArgs } from "@remix-run/node";
import { boundary } from "@shopify/shopify-app-remix/server";
import { useRouteError } from "@remix-run/react";
import { shopify } from "~/shopify.server";

export async function loader({ request }: LoaderFunctionArgs) {
  await shopify().authenticate.admin(request);
  return null;
}

export function ErrorBoundary() {
  return boundary.error(useRouteError());
}

export const headers: HeadersFunction = (headersArgs) => boundary.headers(headersArgs);
