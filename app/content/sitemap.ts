// sitemap.xml's body: every public page and blog article.
import { BLOG_POSTS } from "~/content/blog";
import { PUBLIC_PAGES } from "~/content/site";

function escapeXml(text: string) {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

export function sitemapXml(origin: string): string {
  const entries = [
    ...PUBLIC_PAGES.map((p) => ({
      loc: `${origin}${p.path}`,
      changefreq: p.changefreq,
      priority: p.priority,
      lastmod: undefined as string | undefined,
    })),
    ...BLOG_POSTS.map((post) => ({
      loc: `${origin}/blog/${post.slug}`,
      changefreq: "yearly",
      priority: 0.5,
      lastmod: post.date,
    })),
  ];
  const urls = entries
    .map(
      (e) =>
        `  <url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod}</lastmod>` : ""}<changefreq>${e.changefreq}</changefreq><priority>${e.priority.toFixed(1)}</priority></url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}
