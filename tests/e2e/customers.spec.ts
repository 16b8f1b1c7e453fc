// /customers in the demo (docs/decisions/052-customer-segments.md): tabs and the segment filter
// change the list on the server, a search with no match shows the spec's text, Add Customer shows
// field errors and then the new customer, Export downloads a CSV, and a segment's Shopify tag
// toggle is kept and the tags catch up (the demo records them locally).
import { type Download, type Page } from "@playwright/test";
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "./hydrated";

const rows = (page: Page) => page.locator("#customers-list tbody tr");
const badges = (page: Page) => page.locator("#customers-list tbody tr .Polaris-Badge");

test.describe("customers", () => {
  test("tabs and the segment filter change the list", async ({ page }) => {
    await page.goto("/customers");
    await expect(page.getByRole("heading", { name: "Customers", level: 1 })).toBeVisible();
    await expect(rows(page)).toHaveCount(25);
    await page.getByRole("tab", { name: "VIP" }).click();
    await expect(page).toHaveURL(/segment=vip/);
    await expect(badges(page).first()).toHaveText(/VIP$/);
    // Every row once the new list has replaced the old one (a first VIP row may be the old list's).
    await expect.poll(async () => (await badges(page).allTextContents()).every((t) => /VIP$/.test(t))).toBe(true);
    await page.getByLabel("Segment").selectOption("New");
    await expect(page).toHaveURL(/segment=new/);
    await expect(page.getByRole("tab", { name: "New", selected: true })).toBeVisible();
    await expect(badges(page).first()).toHaveText(/New$/);
    await expect.poll(async () => (await badges(page).allTextContents()).every((t) => /New$/.test(t))).toBe(true);
    // The reason behind a label, on demand.
    await rows(page)
      .first()
      .getByRole("button", { name: /why .+ is New$/ })
      .click();
    await expect(page.getByRole("dialog")).toContainText("Rule: New");
  });

  test("a search with no match shows the spec's empty text", async ({ page }) => {
    await page.goto("/customers");
    await page.getByPlaceholder("Search by name or e-mail").fill("zzqqxx");
    await expect(page).toHaveURL(/q=zzqqxx/);
    await expect(page.getByText('No customers found matching "zzqqxx"')).toBeVisible();
  });

  test("Add Customer shows field errors, then the new customer", async ({ page }) => {
    await page.goto("/customers");
    await page.getByRole("link", { name: "Add Customer" }).click();
    await expect(page).toHaveURL(/\/customers\/new/);
    await page.getByRole("textbox", { name: "First name" }).fill("Quinn");
    await page.getByRole("textbox", { name: "E-mail" }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Phone" }).fill("555");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a valid e-mail address, like name@example.com")).toBeVisible();
    await expect(page.getByText("Enter the phone in international format, like +14155550123")).toBeVisible();
    await page.getByRole("textbox", { name: "E-mail" }).fill("quinn.e2e@example.com");
    await page.getByRole("textbox", { name: "Phone" }).fill("+14155550199");
    await page.getByLabel("Customer agreed to receive marketing e-mails").check();
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("heading", { name: "Quinn", level: 1 })).toBeVisible();
    await expect(page.getByText(/^(Success)?Subscribed$/)).toBeVisible();
    // No orders yet: their own segment, and the loyalty card beside the contact.
    await expect(page.getByText("No orders yet, no scores")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Loyalty", level: 2 })).toBeVisible();
    await page.goto("/customers?q=quinn.e2e");
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toContainText("quinn.e2e@example.com");
  });

  test("Add Customer filled and saved before the page's scripts have run gets the same field errors", async ({
    page,
  }) => {
    // The scripts come after the first paint (decision 085); held back here, what the user typed
    // and clicked meanwhile is replayed once React has hydrated, the typed values first.
    await page.route(/\/entry\.client-[^/]*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await page.goto("/customers/new", { waitUntil: "commit" });
    await page.getByRole("textbox", { name: "First name" }).fill("Early");
    await page.getByRole("textbox", { name: "E-mail" }).fill("not-an-email");
    await page.getByRole("textbox", { name: "Phone" }).fill("555");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Enter a valid e-mail address, like name@example.com")).toBeVisible();
    await expect(page.getByText("Enter the phone in international format, like +14155550123")).toBeVisible();
    // The Save checked the form as it was typed, not as the server rendered it.
    await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Early");
    await expect(page.getByText("Enter a first name")).toHaveCount(0);
    await expect(page).toHaveURL(/\/customers\/new$/);
  });

  test("Add Customer filled and saved while the page is still arriving gets the same field errors", async ({
    page,
    baseURL,
  }) => {
    // A proxy sends the page up to its held scripts, then waits: the fields are parsed and can be
    // typed into before the body's script has run (the head's script keeps what is done meanwhile).
    const upstream = new URL(baseURL!);
    const proxy = http.createServer((req, res) => {
      // Uncompressed, so the page can be cut in two.
      const headers = { ...req.headers, "accept-encoding": "identity" };
      const forward = http.request(
        { host: upstream.hostname, port: upstream.port, path: req.url, method: req.method, headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          if (!req.url?.startsWith("/customers/new") || !/text\/html/.test(String(answer.headers["content-type"]))) {
            answer.pipe(res);
            return;
          }
          const chunks: Buffer[] = [];
          answer.on("data", (c: Buffer) => chunks.push(c));
          answer.on("end", () => {
            const html = Buffer.concat(chunks).toString("utf8");
            const cut = html.indexOf('<template id="pp-boot">');
            res.write(html.slice(0, cut));
            setTimeout(() => res.end(html.slice(cut)), 2_000);
          });
        },
      );
      req.pipe(forward);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = proxy.address() as AddressInfo;
      await page.goto(`http://127.0.0.1:${port}/customers/new`, { waitUntil: "commit" });
      await page.getByRole("textbox", { name: "First name" }).fill("Arriving");
      await page.getByRole("textbox", { name: "E-mail" }).fill("not-an-email");
      await page.getByRole("textbox", { name: "Phone" }).fill("555");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Enter a valid e-mail address, like name@example.com")).toBeVisible();
      await expect(page.getByText("Enter the phone in international format, like +14155550123")).toBeVisible();
      await expect(page.getByText("Enter a first name")).toHaveCount(0);
      await expect(page.getByRole("textbox", { name: "First name" })).toHaveValue("Arriving");
    } finally {
      proxy.closeAllConnections();
      proxy.close();
    }
  });

  test("a segment's Shopify tag toggle is kept and the customers' tags catch up", async ({ page }) => {
    // A click before hydration would toggle the box without posting.
    await page.goto("/customers", { waitUntil: "networkidle" });
    const vip = page.getByLabel('VIP → tag "profitpilot-vip"');
    const caughtUp = page.getByText("Every customer's tags match the segments chosen.");
    await expect(vip).not.toBeChecked();
    await expect(caughtUp).toBeVisible();
    await vip.click();
    await expect(vip).toBeChecked();
    // The tag job writes in the background; the page says what is left until it has.
    await expect(
      page.getByText(/customers' tags to update; this runs in the background\.$|^Every customer's tags/),
    ).toBeVisible();
    await expect(async () => {
      await page.reload({ waitUntil: "networkidle" });
      await expect(caughtUp).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    // The choice is stored, not only shown.
    await expect(vip).toBeChecked();
    await expect(page.getByText("Last run stopped")).toHaveCount(0);
    // Turned off, the tags are taken off again.
    await vip.click();
    await expect(vip).not.toBeChecked();
    await expect(async () => {
      await page.reload({ waitUntil: "networkidle" });
      await expect(caughtUp).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expect(vip).not.toBeChecked();
  });

  test("Export downloads the view as CSV", async ({ page, context }) => {
    await page.goto("/customers?segment=vip");
    const download = new Promise<Download>((resolve) => {
      page.on("download", resolve);
      context.on("page", (popup) => popup.on("download", resolve));
    });
    await page.getByRole("link", { name: "Export" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/customers-vip-\d{4}-\d{2}-\d{2}\.csv$/);
    const text = fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, "");
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toContain("Segment");
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines.slice(1)) expect(line).toContain(",VIP,");
  });
});
