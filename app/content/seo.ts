// Title, description, canonical URL and Open Graph tags for a public page.
import type { MetaDescriptor } from "@remix-run/node";
import { SITE } from "~/content/site";

export type PageSeo = { title: string; description: string; path: string; type?: "website" | "article" };

type MatchLike = { id: string; data?: unknown };

/** The public layout's loader gives the site origin (PUBLIC_SITE_URL, or the request's own). */
export function siteOrigin(matches: readonly MatchLike[] | undefined): string {
  const layout = matches?.find((m) => m.id === "routes/_public");
  const origin = (layout?.data as { origin?: string } | undefined)?.origin;
  return origin ?? "";
}

export function pageMeta(matches: readonly MatchLike[] | undefined, seo: PageSeo): MetaDescriptor[] {
  const url = `${siteOrigin(matches)}${seo.path}`;
  const title = seo.path === "/" ? seo.title : `${seo.title} | ${SITE.name}`;
  return [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: SITE.name },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary" },
  ];
}
