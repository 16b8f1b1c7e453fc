// The public site in a browser: every page renders with its metadata, every internal
// link leads somewhere real, the pricing toggle's arithmetic, the contact form's
// validation, the blog filter and newsletter, and the GDPR export request.
import { expect, test, type Page } from "@playwright/test";
import { BLOG_POSTS } from "~/content/blog";
import { PUBLIC_PAGES } from "~/content/site";

const PAGES = [...PUBLIC_PAGES.map((p) => p.path), ...BLOG_POSTS.map((p) => `/blog/${p.slug}`)];

// Any uncaught error in the page (a hydration mismatch included) fails the test.
let pageErrors: string[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error" && /hydrat|did not match/i.test(message.text())) pageErrors.push(message.text());
  });
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function expectNotFoundAbsent(page: Page, context: string) {
  await expect(page.getByText("404 Page Not Found"), context).toHaveCount(0);
  await expect(page.getByText("Something went wrong"), context).toHaveCount(0);
}

test("every public page renders with title, description, canonical URL, Open Graph tags and security headers", async ({
  page,
}) => {
  for (const path of PAGES) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const headers = response!.headers();
    expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["referrer-policy"], path).toBeTruthy();
    // The e2e server runs with NODE_ENV=production: HSTS is on.
    expect(headers["strict-transport-security"], path).toContain("max-age=");
    await expect(page.locator("h1").first(), path).toBeVisible();
    expect(await page.title(), path).not.toBe("");
    await expect(page.locator('meta[name="description"]'), path).toHaveAttribute("content", /.{20,}/);
    await expect(page.locator('link[rel="canonical"]'), path).toHaveAttribute(
      "href",
      new RegExp(`${path === "/" ? "/$" : path.replace(/\//g, "\\/")}$`),
    );
    await expect(page.locator('meta[property="og:title"]'), path).toHaveAttribute("content", /.+/);
    await expect(page.locator('meta[property="og:url"]'), path).toHaveAttribute("content", /^http/);
    // The public site never loads Polaris or App Bridge.
    expect(await page.locator('script[src*="app-bridge"]').count(), path).toBe(0);
  }
});

test("sitemap.xml lists every public page and robots.txt points to it", async ({ request }) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("xml");
  const xml = await sitemap.text();
  for (const path of PAGES) expect(xml).toContain(`${path === "/" ? "/" : path}</loc>`);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http.*\/sitemap\.xml/);
});

test("clicking every internal link on every public page never reaches the not-found screen", async ({ page }) => {
  test.setTimeout(600_000);
  const clicked = new Set<string>();
  for (const path of PAGES) {
    await page.goto(path);
    const hrefs = await page
      .locator("a[href]")
      .evaluateAll((links) =>
        Array.from(
          new Set(
            links.map((a) => a.getAttribute("href") ?? "").filter((h) => h.startsWith("/") && !h.startsWith("//")),
          ),
        ),
      );
    for (const href of hrefs) {
      if (clicked.has(href)) continue;
      clicked.add(href);
      await page.goto(path);
      const link = page.locator(`a[href="${href}"]:visible`).first();
      await link.scrollIntoViewIfNeeded();
      await link.click({ timeout: 15_000 });
      const target = href.split("#")[0].split("?")[0];
      if (target) await expect.poll(() => new URL(page.url()).pathname, `${path} → ${href}`).toBe(target);
      await page.waitForLoadState("networkidle");
      await expectNotFoundAbsent(page, `${path} → ${href}`);
    }
  }
  // The footer's Privacy link goes to the policy (the in-app /privacy screen is for merchants).
  expect(clicked.has("/privacy-policy")).toBe(true);
  expect(clicked.has("/docs")).toBe(false);
  expect(clicked.has("/invoices")).toBe(false);
  expect(clicked.size).toBeGreaterThanOrEqual(20);
});

test("pricing toggle: annual shows floor(470 / 12) = $39 per month and Save $118/year", async ({ page }) => {
  await page.goto("/pricing");
  await expect(page.getByTestId("price-pro")).toHaveText("$49/month");
  await expect(page.getByText("Most Popular")).toBeVisible();
  await page.getByRole("button", { name: /Annual/ }).click();
  await expect(page.getByRole("button", { name: /Annual/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Save 20%")).toBeVisible();
  await expect(page.getByTestId("price-pro")).toHaveText("$39/month");
  await expect(page.getByTestId("saving-pro")).toHaveText("Save $118/year");
  await expect(page.getByTestId("price-starter")).toHaveText("$0/month");
  await expect(page.getByTestId("price-enterprise")).toHaveText("Custom");
  await page.getByRole("button", { name: "Monthly" }).click();
  await expect(page.getByTestId("price-pro")).toHaveText("$49/month");
  // The comparison table carries every limit and service level.
  const table = page.getByRole("table");
  await expect(table.getByRole("row", { name: /Invoices per month/ })).toContainText("25");
  await expect(table.getByRole("row", { name: /Support response/ })).toContainText("Within 1 hour");
  await expect(page.locator(".pp-faq details")).toHaveCount(4);
  // The landing summary shows the same list.
  await page.goto("/");
  await expect(page.getByTestId("price-pro")).toHaveText("$49/month");
  await expect(page.getByTestId("price-starter")).toHaveText("$0/month");
});

test("contact form: missing fields show the Missing Information toast; a complete form opens the mail client", async ({
  page,
}) => {
  await page.goto("/contact");
  let serverCalls = 0;
  page.on("request", (r) => {
    if (r.method() !== "GET") serverCalls++;
  });
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByLabel("First Name *").fill("Ana");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Missing Information" })).toContainText(
    "Please fill in all required fields",
  );

  await form.getByLabel("Email Address *").fill("ana@example.com");
  await form.getByLabel("Message *").fill("Hello there");
  await expect(form.getByLabel("Subject")).toHaveValue("");
  await form.getByLabel("Subject").selectOption("Billing Question");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Opening Email Client" })).toContainText(
    "Your email client will open with the pre-filled message.",
  );
  await expect(form.getByLabel("First Name *")).toHaveValue("");
  expect(serverCalls).toBe(0);

  // Contact Now opens the dialog titled by the method; Urgent Help presets the subject.
  await page.getByRole("button", { name: /^Contact Now\s*:\s*Sales$/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Sales" })).toBeVisible();
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(dialog.getByRole("status").filter({ hasText: "Missing Information" })).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Get Urgent Help" }).click();
  await expect(page.getByRole("dialog").getByRole("heading", { name: "Contact Us" })).toBeVisible();
  await expect(page.getByRole("dialog").getByLabel("Subject")).toHaveValue("URGENT: Technical Support");
});

test("blog: the category filter filters, Read opens the article, newsletter sign-up is stored once", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByTestId("post-list").locator("article")).toHaveCount(5);
  await page.getByRole("button", { name: "Invoicing", exact: true }).click();
  await expect(page.getByRole("button", { name: "Invoicing", exact: true })).toHaveAttribute("aria-pressed", "true");
  const invoicing = page.getByTestId("post-list").locator("article");
  await expect(invoicing).toHaveCount(BLOG_POSTS.filter((p) => p.category === "Invoicing").length);
  for (const category of await invoicing.evaluateAll((els) => els.map((e) => e.getAttribute("data-category"))))
    expect(category).toBe("Invoicing");
  await page.getByRole("button", { name: "All Posts" }).click();
  await page
    .getByRole("link", {
      name: new RegExp(`^Read\\s*:\\s*${BLOG_POSTS[1].title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: BLOG_POSTS[1].title })).toBeVisible();

  await page.goto("/blog");
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator("#newsletter-result")).toContainText("valid e-mail");
  await page.getByLabel("E-mail address").fill("reader@example.com");
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator("#newsletter-result")).toContainText("reader@example.com is subscribed");
});

test("careers: six positions with two requirements each and Apply Now e-mails the careers address", async ({
  page,
}) => {
  await page.goto("/careers");
  const jobs = page.getByTestId("job");
  await expect(jobs).toHaveCount(6);
  await expect(jobs.first().getByRole("list", { name: "Requirements" }).getByRole("listitem")).toHaveCount(2);
  await expect(jobs.first().getByRole("link", { name: /Apply Now/ })).toHaveAttribute(
    "href",
    /^mailto:careers@.*subject=Application%3A%20Senior%20Full-Stack%20Engineer/,
  );
});

test("integrations: tabs filter, Connect Now opens Settings, Coming Soon is disabled", async ({ page }) => {
  await page.goto("/integrations");
  await page.getByRole("tab", { name: "E-commerce" }).click();
  const panel = page.getByRole("tabpanel");
  await expect(panel.getByRole("heading", { level: 2 })).toHaveText(["E-commerce"]);
  await expect(panel.getByRole("link", { name: "Connect Now" }).first()).toHaveAttribute(
    "href",
    /^\/settings\?tab=integrations#integration-shopify$/,
  );
  await page.getByRole("tab", { name: "Payment" }).click();
  await expect(panel.getByRole("button", { name: "Coming Soon" }).first()).toBeDisabled();
});

test("landing: testimonials are shown twice, the copy hidden from screen readers; redirect from the admin keeps the query", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator(".pp-marquee-group")).toHaveCount(2);
  await expect(page.locator('.pp-marquee-group[aria-hidden="true"]')).toHaveCount(1);
  await page.goto("/?shop=demo-store.myshopify.com&installed=1");
  expect(new URL(page.url()).pathname).toBe("/dashboard");
  expect(new URL(page.url()).searchParams.get("shop")).toBe("demo-store.myshopify.com");
});

test("GDPR: an export request shows the server's message; a malformed address is refused", async ({ page }) => {
  await page.goto("/gdpr");
  await expect(page.getByRole("table").getByRole("row")).toHaveCount(5);
  await page.getByRole("button", { name: "Export your data" }).click();
  await expect(page.getByLabel("E-mail address")).toBeFocused();
  await page.getByLabel("E-mail address").fill("nobody");
  await page.getByRole("button", { name: "Send me my data" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await page.getByLabel("E-mail address").fill("visitor@example.com");
  const [response] = await Promise.all([
    page.waitForResponse("**/api/gdpr/export-request"),
    page.getByRole("button", { name: "Send me my data" }).click(),
  ]);
  expect(response.status()).toBe(202);
  const { message } = await response.json();
  await expect(page.getByRole("status").filter({ hasText: message })).toBeVisible();
});

test("the export is not reachable without a valid signed link", async ({ request }) => {
  expect((await request.get("/api/gdpr/export?format=csv")).status()).toBe(403);
  expect((await request.get("/api/gdpr/export?request=x&expires=9999999999&signature=abc&format=csv")).status()).toBe(
    403,
  );
});

test("settings: the demo store switches plans locally with a no-charge note; Connect Now lands on the integration", async ({
  page,
}) => {
  await page.goto("/settings?tab=plan");
  await expect(page.getByText("No charge is made.")).toBeVisible();
  await page.getByRole("button", { name: "Switch to Starter (demo, no charge)" }).click();
  await expect(page.getByText("Demo store switched to Starter. No charge was made.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Current plan: Starter" })).toBeVisible();
  await page.getByRole("button", { name: "Switch to Pro (demo, no charge)" }).click();
  await expect(page.getByRole("heading", { name: "Current plan: Pro" })).toBeVisible();

  await page.goto("/integrations");
  await page.getByRole("link", { name: "Connect Now" }).first().click();
  await expect(page).toHaveURL(/\/settings\?tab=integrations#integration-shopify$/);
  await expect(page.locator("#integration-shopify")).toContainText("Connected");
});

test("settings: the Data tab counts the demo store's data and explains it is seeded, without Resync as on the dashboard", async ({
  page,
}) => {
  await page.goto("/settings?tab=plan");
  await page.getByRole("tab", { name: "Data" }).click();
  await expect(page).toHaveURL(/\/settings\?tab=data$/);
  await expect(page.getByRole("heading", { name: "What is synced" })).toBeVisible();
  for (const key of ["products", "variants", "customers", "orders"])
    expect(Number((await page.locator(`#synced-${key}`).textContent())?.replace(/,/g, ""))).toBeGreaterThan(0);
  await expect(page.locator("#synced-refunds")).toHaveText(/^[\d,]+$/);
  await expect(page.getByText(/^\d{4}-\d{2}-\d{2}$/)).toHaveCount(2); // oldest and newest order
  await expect(page.getByText("Never (seeded demo data)")).toBeVisible();
  await expect(page.getByText(/seeded with sample data rather than imported from Shopify/)).toBeVisible();
  await expect(page.getByText(/as it happens \(webhooks\)/)).toBeVisible();
  // The demo store has nothing to import: no Resync, exactly as on the dashboard.
  await expect(page.getByRole("button", { name: /Resync|Import store data/ })).toHaveCount(0);
});
