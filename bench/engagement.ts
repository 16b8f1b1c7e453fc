// `npm run bench:engagement`: issue 40's targets (a benchmark, not a test).
//
//   (a) e-mails: one one-off campaign to N subscribed customers delivered by two workers at once
//       (two concurrent deliverDue loops, as two instances would) through a real local SMTP server
//       (smtp-server, the one the tests use) in a child process (bench/engagement-sender.ts, the
//       server's part); target 10,000 in ≤ 60 s, that process's RSS ≤ 300 MB,
//       exactly one message per recipient (counted at the SMTP server). Baseline: the same
//       messages handed to the same transport directly, without the engine.
//   (b) the recipients of a segment of S customers (planCampaign on a one-off; target ≤ 2 s at
//       100,000). Baseline: the plain SELECT of the segment's ids.
//   (c) a tracked click (recordClick: signature, lookup, the click written) p95, target ≤ 10 ms.
//       Baseline: the send row read by its token.
//
// Options: --emails 10000 --segment 100000 --clicks 500. Quick (bench:all --quick): --emails 300
// --segment 20000 --clicks 200. Writes bench/results/engagement.json for bench:all.
// DATABASE_URL=postgresql://… is not used: the benchmark runs on a fresh SQLite file.
import { execFile } from "node:child_process";
import { promisify } from "node:util";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import { freshBenchDatabase } from "./lib";

const args = process.argv.slice(2);
const opt = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : fallback;
};
const EMAILS = opt("emails", 10_000);
const SEGMENT = opt("segment", 100_000);
const CLICKS = opt("clicks", 500);

process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";
delete process.env.SHOPIFY_API_KEY;
// SQLite: the send and click figures are the one-process, one-file case.
delete process.env.DATABASE_URL;
const db = await freshBenchDatabase("engagement");
const dbName = db.name;

const stats = (samples: number[]) => {
  const s = [...samples].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return { median: q(0.5), p95: q(0.95), n: s.length };
};
const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

const { SMTPServer } = await import("smtp-server");
// The server counts recipients and drains the data; it parses nothing, so its own cost stays small.
const received = new Map<string, number>();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS", "AUTH"],
  onRcptTo(address, _session, callback) {
    received.set(address.address, (received.get(address.address) ?? 0) + 1);
    callback();
  },
  onData(stream, _session, callback) {
    stream.on("data", () => {});
    stream.on("end", () => callback());
  },
});
await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}?pool=true&maxConnections=4`;

const { prisma } = await import("~/db.server");
const { setTransportForTests, sendMail } = await import("~/platform/mail.server");
const e = await import("~/features/engagement/index.server");
setTransportForTests(smtpUrl);

const now = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 + 14 * 3_600_000);
async function store(name: string, customers: number, segment: string) {
  const shop = await prisma.shop.create({
    data: { domain: `${name}-${dbName}.myshopify.com`, name, currency: "USD", timezone: "UTC", ownerName: "B" },
    select: { id: true, name: true, domain: true, timezone: true },
  });
  for (let start = 0; start < customers; start += 2_000) {
    const n = Math.min(2_000, customers - start);
    const ids = Array.from({ length: n }, (_, i) => `${name}c${String(start + i).padStart(8, "0")}`);
    await prisma.customer.createMany({
      data: ids.map((id) => ({
        id,
        shopId: shop.id,
        email: `${id}@example.com`,
        firstName: id,
        acceptsMarketing: true,
      })),
    });
    await prisma.customerScore.createMany({
      data: ids.map((id) => ({
        shopId: shop.id,
        customerId: id,
        searchText: id,
        sortName: id,
        orders: 1,
        totalSpentMinor: 1_000,
        frequency: 1,
        monetaryMinor: 1_000,
        segment,
        rule: segment,
        computedAt: now,
      })),
    });
  }
  return shop;
}

const campaign = (shop: { id: string; timezone: string }, name: string) =>
  e.createCampaign(
    shop,
    {
      name,
      channel: "email",
      audience: "segment",
      segment: "Regular",
      scheduledAt: new Date(now.getTime() + 60_000).toISOString().slice(0, 16),
      subject: "Hello {{ first_name }}",
      body: "Hi {{ first_name }},\n\nNew things: https://example.myshopify.com/new",
      holdoutPercent: 10,
      frequencyCapHours: 0,
      quietStartHour: 0,
      quietEndHour: 0,
    },
    new Date(now.getTime() - 60_000),
  );

// ─── (b) the recipients of a segment ─────────────────────────────────────────────
const big = await store("seg", SEGMENT, "Regular");
const segCampaign = await campaign(big, "Segment");
await e.changeStatus(big, segCampaign.id, "start", new Date(now.getTime() - 60_000));
const segRow = await prisma.engagementCampaign.findFirstOrThrow({ where: { id: segCampaign.id } });
const later = new Date(now.getTime() + 120_000);
let t = performance.now();
await prisma.customerScore.findMany({
  where: { shopId: big.id, segment: "Regular" },
  select: { customerId: true },
});
const plainSegmentMs = performance.now() - t;
t = performance.now();
const planned = await e.planCampaign(big, segRow, later);
const planMs = performance.now() - t;
console.log(
  `(b) ${fmt(planned)} recipients planned in ${planMs.toFixed(0)} ms (plain SELECT ${plainSegmentMs.toFixed(0)} ms)`,
);

// ─── (a) e-mails through SMTP with two workers ───────────────────────────────────
const mailShop = await store("mail", EMAILS, "Regular");
const mailCampaign = await campaign(mailShop, "Mail");
await e.changeStatus(mailShop, mailCampaign.id, "start", new Date(now.getTime() - 60_000));
const mailRow = await prisma.engagementCampaign.findFirstOrThrow({ where: { id: mailCampaign.id } });
await prisma.engagementCampaign.update({ where: { id: mailRow.id }, data: { status: "active", activatedAt: now } });
// Planned and sent by a child process: the server's memory, not this one's (see engagement-sender.ts).
// (Asynchronously: the SMTP server it sends to runs in this process.)
const child = await promisify(execFile)(
  process.execPath,
  ["--import", "tsx", "bench/engagement-sender.ts", mailShop.id, mailRow.id, later.toISOString(), smtpUrl],
  { env: process.env, encoding: "utf8", maxBuffer: 1 << 20 },
);
const sender = JSON.parse(child.stdout.trim().split("\n").at(-1)!) as Record<string, number>;
const { w1, w2, toSend, sendMs, peakRss } = sender;

const recipients = [...received.entries()].filter(([a]) => a.startsWith("mail"));
const duplicates = recipients.filter(([, n]) => n > 1).length;
console.log(
  `(a) ${fmt(w1 + w2)} of ${fmt(toSend)} e-mails in ${(sendMs / 1000).toFixed(1)} s by two workers (${fmt(w1)} + ${fmt(w2)}), ${fmt(recipients.length)} recipients at the server, ${duplicates} twice, peak RSS ${(peakRss / 1e6).toFixed(0)} MB`,
);
// Baseline: the same number of messages straight to the transport (no planning, consent, cap, links).
t = performance.now();
const BASE = Math.min(toSend, 2_000);
for (let i = 0; i < BASE; i += 50)
  await Promise.all(
    Array.from({ length: Math.min(50, BASE - i) }, (_, j) =>
      sendMail({
        shopId: mailShop.id,
        kind: "bench",
        to: `base${i + j}@example.com`,
        subject: "Hello",
        text: "Hi",
        html: "<p>Hi</p>",
      }),
    ),
  );
const baseRate = BASE / ((performance.now() - t) / 1000);

// ─── (c) a tracked click ─────────────────────────────────────────────────────────
const sends = await prisma.engagementSend.findMany({
  where: { campaignId: mailRow.id, status: "sent" },
  select: { token: true },
  take: CLICKS,
});
const clickMs: number[] = [];
const plainMs: number[] = [];
for (const s of sends) {
  const url = new URL(
    (await import("~/features/engagement/links.server")).clickUrl(s.token, `https://${mailShop.domain}/new`, later),
  );
  let c = performance.now();
  await prisma.engagementSend.findUnique({ where: { token: s.token }, select: { id: true } });
  plainMs.push(performance.now() - c);
  c = performance.now();
  const to = await e.recordClick(s.token, url.searchParams, later);
  clickMs.push(performance.now() - c);
  if (!to) throw new Error("a click did not resolve");
}
const click = stats(clickMs);
const plainClick = stats(plainMs);
console.log(
  `(c) click p95 ${click.p95.toFixed(2)} ms over ${click.n} (plain read p95 ${plainClick.p95.toFixed(2)} ms)`,
);

const scale = EMAILS >= 10_000 ? 1 : EMAILS / 10_000;
const rows = [
  {
    target: `${fmt(EMAILS)} e-mails through local SMTP, two workers ≤ ${(60 * scale).toFixed(0)} s (60 s per 10,000)`,
    figure: `${(sendMs / 1000).toFixed(1)} s (${fmt((w1 + w2) / (sendMs / 1000))}/s)`,
    baseline: `transport alone ${fmt(baseRate)}/s`,
    pass: sendMs / 1000 <= 60 * scale,
  },
  {
    target: "RSS while sending ≤ 300 MB",
    figure: `${(peakRss / 1e6).toFixed(0)} MB`,
    baseline: "",
    pass: peakRss <= 300e6,
  },
  {
    target: "exactly one message per recipient (two workers)",
    figure: `${fmt(recipients.length)} recipients, ${duplicates} twice, ${fmt(w1 + w2)} sent of ${fmt(toSend)}`,
    baseline: "",
    pass: duplicates === 0 && recipients.length === toSend && w1 + w2 === toSend,
  },
  {
    target: `recipients of a ${fmt(SEGMENT)}-customer segment ≤ 2 s (at 100,000)`,
    figure: `${planMs.toFixed(0)} ms`,
    baseline: `plain SELECT ${plainSegmentMs.toFixed(0)} ms`,
    pass: SEGMENT >= 100_000 ? planMs <= 2_000 : planMs <= 2_000 * (SEGMENT / 100_000) ? true : null,
  },
  {
    target: "tracking redirect p95 ≤ 10 ms",
    figure: `${click.p95.toFixed(2)} ms`,
    baseline: `read by token ${plainClick.p95.toFixed(2)} ms`,
    pass: click.p95 <= 10,
  },
];
fs.mkdirSync("bench/results", { recursive: true });
fs.writeFileSync("bench/results/engagement.json", JSON.stringify({ rows }, null, 2) + "\n");
for (const r of rows)
  console.log(`${r.pass === false ? "FAIL" : r.pass ? "pass" : "info"}  ${r.target}: ${r.figure} ${r.baseline}`);
smtp.close();
await prisma.$disconnect();
await db.drop();
process.exit(0);
