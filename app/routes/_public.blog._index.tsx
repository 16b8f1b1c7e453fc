// Blog: featured post, five latest, a category filter that filters, the newsletter
// sign-up (stored once, rate-limited) and three recent posts.
import { data, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useFetcher, useSearchParams } from "@remix-run/react";
import { PageHero } from "~/components/public/Chrome";
import {
  BLOG_CATEGORIES,
  BLOG_SEO,
  NEWSLETTER,
  featuredPost,
  formatPostDate,
  latestPosts,
  recentPosts,
  type BlogPost,
} from "~/content/blog";
import { pageMeta } from "~/content/seo";
import { subscribeToNewsletter } from "~/features/privacy/index.server";
import { fieldErrorsOf, readForm } from "~/lib/forms";
import { newsletterSchema } from "~/features/privacy";
import { clientKey, consume } from "~/platform/rate-limit.server";

export const meta: MetaFunction = ({ matches }) => pageMeta(matches, BLOG_SEO);

type NewsletterResult =
  { ok: true; message: string } | { ok: false; error: string; fieldErrors?: Record<string, string[] | undefined> };

export async function action({ request }: ActionFunctionArgs) {
  const read = await readForm(request);
  if (!read.ok)
    return data<NewsletterResult>(
      { ok: false, error: "Enter a valid e-mail address", fieldErrors: read.fieldErrors },
      { status: 400 },
    );
  const parsed = newsletterSchema.safeParse({ email: read.form.get("email") ?? "" });
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf(parsed.error);
    return data<NewsletterResult>(
      { ok: false, error: fieldErrors.email?.[0] ?? "Enter a valid e-mail address", fieldErrors },
      { status: 400 },
    );
  }
  const limited = await consume([
    ["newsletterByClient", clientKey(request)],
    ["newsletterByAddress", parsed.data.email],
  ]);
  if (limited)
    return data<NewsletterResult>({ ok: false, error: "Too many sign-ups. Please try again later." }, { status: 429 });
  await subscribeToNewsletter(parsed.data.email, "blog");
  // Same answer for a new and a known address: the list of subscribers is not revealed.
  return data<NewsletterResult>({ ok: true, message: `Thanks! ${parsed.data.email} is subscribed to our newsletter.` });
}

function PostMeta({ post }: { post: BlogPost }) {
  return (
    <p className="pp-post-meta">
      {post.author} · <time dateTime={post.date}>{formatPostDate(post.date)}</time> · {post.category} · {post.readTime}
    </p>
  );
}

function Newsletter() {
  const fetcher = useFetcher<NewsletterResult>();
  const result = fetcher.data;
  const busy = fetcher.state !== "idle";
  return (
    <section className="pp-card" aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" style={{ fontSize: "1.15rem" }}>
        {NEWSLETTER.title}
      </h2>
      <p className="pp-muted">{NEWSLETTER.text}</p>
      <fetcher.Form method="post" className="pp-form" noValidate>
        <div className="pp-field">
          <label htmlFor="newsletter-email">E-mail address</label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            autoComplete="email"
            required
            aria-invalid={result && !result.ok ? true : undefined}
            aria-describedby="newsletter-result"
          />
        </div>
        <button type="submit" className="pp-btn pp-btn-primary" disabled={busy}>
          {busy ? "Subscribing…" : "Subscribe"}
        </button>
      </fetcher.Form>
      <div id="newsletter-result" role="status" aria-live="polite">
        {result && (
          <p className={`pp-message${result.ok ? "" : " pp-message-error"}`}>
            {result.ok ? result.message : result.error}
          </p>
        )}
      </div>
    </section>
  );
}

export default function Blog() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("category");
  const category = requested && BLOG_CATEGORIES.includes(requested) ? requested : "All Posts";
  const featured = featuredPost();
  const posts = latestPosts(category);
  const filtering = category !== "All Posts";

  return (
    <>
      <PageHero title="Blog" lead="Guides on profit, invoicing, AI insights and privacy for online merchants." />
      <section className="pp-section">
        <div className="pp-wrap pp-blog">
          <div>
            {!filtering && (
              <article className="pp-card" aria-labelledby="featured-title" style={{ marginBottom: 32 }}>
                <span className="pp-badge">Featured</span>
                <h2 id="featured-title" className="pp-mt" style={{ marginTop: 12 }}>
                  {featured.title}
                </h2>
                <PostMeta post={featured} />
                <p>{featured.excerpt}</p>
                <Link to={`/blog/${featured.slug}`} className="pp-btn pp-btn-primary pp-btn-sm">
                  Read<span className="pp-sr-only">: {featured.title}</span>
                </Link>
              </article>
            )}
            <h2>{filtering ? category : "Latest posts"}</h2>
            <div className="pp-grid" data-testid="post-list">
              {posts.map((post) => (
                <article key={post.slug} className="pp-card" data-category={post.category}>
                  <h3>{post.title}</h3>
                  <PostMeta post={post} />
                  <p>{post.excerpt}</p>
                  <Link to={`/blog/${post.slug}`} className="pp-btn pp-btn-secondary pp-btn-sm">
                    Read<span className="pp-sr-only">: {post.title}</span>
                  </Link>
                </article>
              ))}
            </div>
          </div>
          <aside className="pp-grid" style={{ alignContent: "start" }} aria-label="Blog sidebar">
            <section className="pp-card" aria-labelledby="categories-title">
              <h2 id="categories-title" style={{ fontSize: "1.15rem" }}>
                Categories
              </h2>
              <ul className="pp-cat-list">
                {BLOG_CATEGORIES.map((c) => (
                  <li key={c}>
                    <button
                      type="button"
                      aria-pressed={c === category}
                      onClick={() =>
                        setParams(c === "All Posts" ? {} : { category: c }, { preventScrollReset: true, replace: true })
                      }
                    >
                      {c}
                    </button>
                  </li>
                ))}
              </ul>
            </section>
            <Newsletter />
            <section className="pp-card" aria-labelledby="recent-title">
              <h2 id="recent-title" style={{ fontSize: "1.15rem" }}>
                Recent posts
              </h2>
              <ul className="pp-list">
                {recentPosts(3).map((p) => (
                  <li key={p.slug}>
                    <Link to={`/blog/${p.slug}`}>{p.title}</Link>
                  </li>
                ))}
              </ul>
            </section>
          </aside>
        </div>
      </section>
    </>
  );
}
