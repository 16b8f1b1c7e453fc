import { chromium } from "@playwright/test";
const [url, out, width, height] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"] });
const page = await browser.newPage({ viewport: { width: Number(width || 1366), height: Number(height || 900) } });
const res = await page.goto(url, { waitUntil: "networkidle" });
console.log(res.status());
await page.screenshot({ path: out, clip: { x: 0, y: 0, width: Number(width || 1366), height: Number(height || 900) } });
await browser.close();
