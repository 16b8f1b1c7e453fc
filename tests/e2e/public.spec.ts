// The public site in a browser: every page renders with its metadata, every internal
// link leads somewhere real, the pricing toggle's arithmetic, the contact form's
// validation, the blog filter and newsletter, and the GDPR export request.
import { type Page } from "@playwright/test";
import { expect, test } from "./hydrated";
import { BLOG_POSTS } from "~/content/blog";
import { PUBLIC_PAGES } from "~/content/site";

const PAGES = [...PUBLIC_PAGES.map((p) => p.path), ...BLOG_POSTS.map((p) => `/blog/${p.slug}`)];

// Any uncaught error or console error in the page (a hydration mismatch included) fails the
// test, except those a test says it expects (the 404 a missing article answers with).
let pageErrors: string[] = [];
let expectedConsoleErrors: RegExp[] = [];
test.beforeEach(({ page }) => {
  pageErrors = [];
  expectedConsoleErrors = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (!expectedConsoleErrors.some((pattern) => pattern.test(message.text()))) pageErrors.push(message.text());
  });
});
test.afterEach(() => {
  expect(pageErrors).toEqual([]);
});

async function expectNotFoundAbsent(page: Page, context: string) {
  await expect(page.getByText("404 Page Not Found"), context).toHaveCount(0);
  await expect(page.getByText("Something went wrong"), context).toHaveCount(0);
  await expect(page.getByTestId("public-not-found"), context).toHaveCount(0);
}

const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 390, height: 844 };

/**
 * How wide the page is, and every visible element whose right edge lies beyond the viewport.
 * What a scrolling or clipping ancestor hides (a table in its scroll box, the testimonial strip)
 * is not beyond the viewport: the edge counted is the one the ancestor lets through.
 */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const offenders: string[] = [];
    for (const el of Array.from(document.querySelectorAll("body *"))) {
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || style.display === "none") continue;
      const rect = el.getBoundingClientRect();
      if (!rect.width || !rect.height) continue;
      let right = rect.right;
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (getComputedStyle(a).overflowX !== "visible") right = Math.min(right, a.getBoundingClientRect().right);
      if (right > width + 0.5)
        offenders.push(
          `${el.tagName.toLowerCase()}.${Array.from(el.classList).join(".")} ends at ${Math.round(right)}`,
        );
    }
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: width,
      bodyMargin: getComputedStyle(document.body).margin,
      offenders: offenders.slice(0, 5),
    };
  });
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
  // The refused address is the server's 400, which the browser logs.
  expectedConsoleErrors.push(/status of 400/);
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
  // Invoices take card payments through Stripe and PayPal.Me links: both are available.
  for (const name of ["Stripe", "PayPal"]) {
    const card = panel.getByRole("article", { name });
    await expect(card.getByText("Available", { exact: true })).toBeVisible();
    await expect(card.getByRole("link", { name: "Connect Now" })).toHaveAttribute(
      "href",
      `/settings?tab=integrations#integration-${name.toLowerCase()}`,
    );
  }
  await expect(
    panel.getByRole("article", { name: "QuickBooks" }).getByRole("button", { name: "Coming Soon" }),
  ).toBeDisabled();
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

test("settings: the demo store switches plans locally with a no-charge note", async ({ page }) => {
  await page.goto("/settings?tab=plan");
  await expect(page.getByText("No charge is made.")).toBeVisible();
  await page.getByRole("button", { name: "Switch to Starter (demo, no charge)" }).click();
  await expect(page.getByText("Demo store switched to Starter. No charge was made.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Current plan: Starter" })).toBeVisible();
  await page.getByRole("button", { name: "Switch to Pro (demo, no charge)" }).click();
  await expect(page.getByRole("heading", { name: "Current plan: Pro" })).toBeVisible();
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

test("every public page fits at 1366 and at 390 px: no horizontal scroll, nothing past the right edge, no body margin", async ({
  page,
}) => {
  test.setTimeout(300_000);
  expectedConsoleErrors.push(/status of 404/);
  for (const viewport of [DESKTOP, PHONE]) {
    await page.setViewportSize(viewport);
    for (const path of [...PAGES, "/blog/does-not-exist"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      const report = await overflow(page);
      const context = `${path} at ${viewport.width} px`;
      expect(report.scrollWidth, context).toBeLessThanOrEqual(report.innerWidth);
      expect(report.offenders, context).toEqual([]);
      expect(report.bodyMargin, context).toBe("0px");
      // Header labels stay on one line: a wrapped button or logo would be taller than one line.
      for (const item of await page.locator(".pp-header .pp-wrap a:visible, .pp-header .pp-wrap button:visible").all())
        expect((await item.boundingBox())!.height, `${context}: ${await item.textContent()}`).toBeLessThan(46);
    }
  }
});

test("phone: the header menu is a disclosure button that opens, answers the keyboard and reaches Pricing", async ({
  page,
}) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const button = page.getByRole("button", { name: "Menu" });
  const menu = page.getByRole("navigation", { name: "Menu" });
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await expect(button).toHaveAttribute("aria-controls", "pp-menu");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("banner").getByRole("link", { name: "Pricing", exact: true })).toBeHidden();

  // Keyboard: Enter opens, Escape closes and leaves focus on the button.
  await button.focus();
  await page.keyboard.press("Enter");
  await expect(button).toHaveAttribute("aria-expanded", "true");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link")).toHaveText([
    "Features",
    "Invoicing",
    "Integrations",
    "Pricing",
    "Docs",
    "Sign In",
  ]);
  // The open menu fits the phone: its links stacked, none past the right edge.
  expect((await overflow(page)).offenders).toEqual([]);
  const [first, second] = await menu.getByRole("link").all();
  expect((await second.boundingBox())!.y).toBeGreaterThan((await first.boundingBox())!.y);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(button).toBeFocused();

  // An anchor on the same page closes it too.
  await button.click();
  await menu.getByRole("link", { name: "Integrations" }).click();
  await expect(menu).toBeHidden();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  await button.click();
  await menu.getByRole("link", { name: "Pricing" }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(button).toHaveAttribute("aria-expanded", "false");

  // On a hydrated page the same menu closes on a client-side navigation.
  await button.click();
  await expect(menu.getByRole("link").first()).toHaveText("← Back to Home");
  await menu.getByRole("link", { name: "Invoicing" }).click();
  await expect(page).toHaveURL(/\/features\/smart-invoicing$/);
  await expect(menu).toBeHidden();

  // On a wide screen the links are in the header and the menu button is not shown.
  await page.setViewportSize(DESKTOP);
  await page.goto("/");
  await expect(button).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Pricing" })).toBeVisible();
});

test("phone: tables scroll inside their own named, focusable box", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const [path, name] of [
    ["/pricing", "Plan comparison table"],
    ["/gdpr", "Personal data table"],
  ]) {
    await page.goto(path);
    const region = page.getByRole("region", { name });
    await expect(region.getByRole("table")).toBeVisible();
    await expect(region).toHaveAttribute("tabindex", "0");
    expect(await region.evaluate((el) => el.scrollWidth > el.clientWidth), path).toBe(true);
    await region.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => region.evaluate((el) => el.scrollLeft), path).toBeGreaterThan(0);
  }
});

test("an unknown article answers 404 with the styled not-found page inside the site", async ({ page }) => {
  expectedConsoleErrors.push(/status of 404/);
  const response = await page.goto("/blog/does-not-exist");
  expect(response?.status()).toBe(404);
  const notFound = page.getByTestId("public-not-found");
  await expect(notFound.getByRole("heading", { level: 1 })).toHaveText("We couldn't find that article");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  expect(await page.title()).toMatch(/not found/i);
  await expect(notFound.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  await notFound.getByRole("link", { name: "Browse the blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByTestId("post-list")).toBeVisible();
});

test("features: each block shows a real screenshot with a description and its size; coming features are marked", async ({
  page,
  request,
}) => {
  await page.goto("/features");
  const shots = page.locator(".pp-feature img");
  await expect(shots).toHaveCount(6);
  for (const img of await shots.all()) {
    const src = (await img.getAttribute("src"))!;
    expect(await img.getAttribute("alt"), src).toMatch(/.{40,}/);
    expect(await img.getAttribute("width"), src).toBe("1280");
    expect(await img.getAttribute("height"), src).toBe("800");
    const file = await request.get(src);
    expect(file.status(), src).toBe(200);
    expect(file.headers()["content-type"], src).toContain("image/webp");
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth), src).toBe(1280);
  }
  const coming = page.getByRole("region", { name: "Coming soon" }).getByRole("listitem");
  await expect(coming.first()).toContainText("Coming soon");
  await expect(page.getByRole("heading", { name: "AI insights" })).toBeVisible();
  // Nothing that is not built is described as a feature block.
  expect(await page.locator(".pp-feature h2").allTextContents()).not.toContain("AI insights");
});

test("security: no certificate claimed that the product does not hold, and no dates beside them", async ({ page }) => {
  await page.goto("/security");
  await expect(page.getByText(/renewal in progress|valid until/i)).toHaveCount(0);
  const soc2 = page.getByRole("article").filter({ has: page.getByRole("heading", { name: "SOC 2 Type II" }) });
  await expect(soc2).toContainText("Not certified");
  await expect(page.getByRole("heading", { name: "Signed webhooks" })).toBeVisible();
});
