// One blog article. An unknown slug answers 404 with the public not-found page, inside the
// site's header and footer.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { CallToAction } from "~/components/public/Chrome";
import { PublicNotFound } from "~/components/public/NotFound";
import { formatPostDate, postBySlug, recentPosts } from "~/content/blog";
import { APP_LINKS, SITE } from "~/content/site";
import { pageMeta } from "~/content/seo";

export async function loader({ params }: LoaderFunctionArgs) {
  const post = postBySlug(params.slug);
  if (!post) throw new Response("Not Found", { status: 404, statusText: "Not Found" });
  return { slug: post.slug };
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  const post = postBySlug(data?.slug);
  if (!post) return [{ title: `Article not found | ${SITE.name}` }, { name: "robots", content: "noindex" }];
  return pageMeta(matches, {
    title: post.title,
    description: post.excerpt,
    path: `/blog/${post.slug}`,
    type: "article",
  });
};

/** Static page: plain HTML, no JavaScript. */
export const handle = { hydrate: false };

export default function BlogArticle() {
  const { slug } = useLoaderData<typeof loader>();
  const post = postBySlug(slug)!;
  const more = recentPosts(4)
    .filter((p) => p.slug !== post.slug)
    .slice(0, 3);
  return (
    <>
      <section className="pp-page-hero">
        <div className="pp-wrap pp-article">
          <p>
            <Link to="/blog">← All posts</Link>
          </p>
          <span className="pp-eyebrow">{post.category}</span>
          <h1>{post.title}</h1>
          <p className="pp-post-meta">
            {post.author} · <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.readTime}
          </p>
        </div>
      </section>
      <section className="pp-section">
        <article className="pp-wrap pp-article">
          <p className="pp-lead">{post.excerpt}</p>
          {post.body.map((paragraph, i) => (
            <p key={i}>{paragraph}</p>
          ))}
        </article>
        <nav className="pp-wrap pp-article pp-mt" aria-labelledby="more-title">
          <h2 id="more-title">More from the blog</h2>
          <ul className="pp-list">
            {more.map((p) => (
              <li key={p.slug}>
                <Link to={`/blog/${p.slug}`}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </section>
      <CallToAction
        title="Put it into practice"
        text="Try Profit Pilot free for 7 days."
        primary={{ label: "Start Free Trial", to: APP_LINKS.dashboard }}
      />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <PublicNotFound
      status={isRouteErrorResponse(error) ? error.status : 500}
      title={missing ? "We couldn't find that article" : "This article could not be shown"}
      text={
        missing
          ? "It may have been renamed or removed. Every article we have published is on the blog."
          : "Something went wrong on our side. Please try again in a moment."
      }
      back={{ label: "Browse the blog", to: "/blog" }}
    />
  );
}
