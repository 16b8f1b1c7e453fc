// Demo invoices: about 60 in every status, with timelines, two recurring series and
// the outbox messages that were "sent". Deterministic for a given `today` (a fixed
// PRNG, ids and tokens derived from it), written with createMany so it takes well
// under a second. The rows follow the same rules as the app: money from
// invoice-money.ts, reminders on days 3/7/14, overdue the day after the due date.
import type { Prisma, PrismaClient } from "../generated/sqlite";
import { addDays, daysBetween } from "~/lib/dates";
import { minorToDecimalString } from "~/lib/money";
import { computeTotals } from "~/features/invoices/money";
import { adsForMessage } from "~/features/invoices/ads";
import { paymentOption } from "~/features/invoices/payment";
import { nthIssueDate, REMINDER_DAYS, type RecurringInterval } from "~/features/invoices/schedule";
import type { MarketingAd } from "~/features/invoices/schema";
import { invoiceMailContent, type InvoiceMailKind } from "~/features/invoices/mail-content";

type SeedShop = { id: string; name: string; currency: string; timezone: string };

function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CUSTOMERS = [
  ["Northwind Traders", "accounts@northwind.example"],
  ["Blue Harbor Cafe", "owner@blueharbor.example"],
  ["Studio Meridian", "billing@studiomeridian.example"],
  ["Greenleaf Florists", "hello@greenleaf.example"],
  ["Atlas Outfitters", "ap@atlasoutfitters.example"],
  ["Juniper & Co", "finance@juniper.example"],
  ["Copperline Bikes", "shop@copperline.example"],
  ["Maple Street Books", "orders@maplestreet.example"],
  ["Harborview Hotel", "purchasing@harborview.example"],
  ["Pixel Forge Games", "ops@pixelforge.example"],
  ["Sunrise Yoga", "team@sunriseyoga.example"],
  ["Oak & Ember Bakery", "hi@oakember.example"],
  ["Lumen Labs", "payables@lumenlabs.example"],
  ["Riverbend School", "office@riverbend.example"],
] as const;

const CATALOG = [
  ["Wireless earbuds (wholesale)", 39_00],
  ["Smartwatch band, 10-pack", 85_00],
  ["USB-C charging dock", 24_50],
  ["Laptop sleeve, custom print", 32_00],
  ["Bluetooth speaker", 58_00],
  ["Product photography (hour)", 95_00],
  ["Custom engraving", 12_00],
  ["Setup and installation", 150_00],
  ["Extended warranty, 1 year", 29_00],
  ["Noise-cancelling headphones", 179_00],
] as const;

const ADS: MarketingAd[] = [
  {
    id: "spring-sale",
    title: "Spring restock: 10% off reorders",
    description: "Reorder any wholesale line before the 30th and save 10%.",
    linkUrl: "https://demo-store.example/wholesale",
    position: "bottom",
  },
  {
    id: "new-audio",
    title: "New: studio headphones",
    description: "Our new audio line ships next month. Ask for samples.",
    linkUrl: "https://demo-store.example/audio",
    position: "bottom",
  },
];

const INSTRUCTIONS =
  "Bank transfer to Demo Store LLC, account 000123456, routing 021000021. Please quote the invoice number.";

type Plan = {
  status: "draft" | "sent" | "paid" | "overdue" | "void";
  issueAgo: number;
  dueIn: number;
  paidAfter?: number;
  series?: { id: string; interval: RecurringInterval; autoSend: boolean; last: boolean };
};

/** The demo's invoice mix: ~60 across every status and the last four months. */
function plans(rand: () => number): Plan[] {
  const out: Plan[] = [];
  // A monthly retainer (5 invoices, the latest still open) and a weekly service (6, auto sent).
  for (let n = 4; n >= 0; n--)
    out.push({
      status: n === 0 ? "sent" : "paid",
      issueAgo: n * 30 + 2,
      dueIn: 14,
      paidAfter: 3 + n,
      series: { id: "retainer", interval: "monthly", autoSend: false, last: n === 0 },
    });
  for (let n = 5; n >= 0; n--)
    out.push({
      status: n === 0 ? "sent" : n === 2 ? "overdue" : "paid",
      issueAgo: n * 7 + 1,
      dueIn: 7,
      paidAfter: 2 + (n % 3),
      series: { id: "weekly", interval: "weekly", autoSend: true, last: n === 0 },
    });
  const mix: Plan["status"][] = [
    ...Array<Plan["status"]>(22).fill("paid"),
    ...Array<Plan["status"]>(8).fill("overdue"),
    ...Array<Plan["status"]>(9).fill("sent"),
    ...Array<Plan["status"]>(7).fill("draft"),
    ...Array<Plan["status"]>(3).fill("void"),
  ];
  for (const status of mix) {
    const dueIn = [7, 7, 14, 30][Math.floor(rand() * 4)];
    let issueAgo: number;
    if (status === "draft") issueAgo = Math.floor(rand() * 4);
    else if (status === "sent") issueAgo = Math.floor(rand() * Math.max(1, dueIn - 1));
    else if (status === "overdue") issueAgo = dueIn + 2 + Math.floor(rand() * 40);
    else issueAgo = 5 + Math.floor(rand() * 115);
    out.push({
      status,
      issueAgo,
      dueIn,
      paidAfter:
        status === "paid" ? 1 + Math.floor(rand() * Math.min(dueIn + 6, Math.max(1, issueAgo - 1))) : undefined,
    });
  }
  return out;
}

function token(rand: () => number) {
  const bytes = Buffer.alloc(24);
  for (let i = 0; i < 24; i++) bytes[i] = Math.floor(rand() * 256);
  return bytes.toString("base64url");
}

/** A time on `day`, mid-morning in most US zones (deterministic). */
const at = (day: string, hour: number) =>
  new Date(`${day}T${String(hour).padStart(2, "0")}:${String((hour * 7) % 60).padStart(2, "0")}:00Z`);

export async function seedInvoices(db: PrismaClient, shop: SeedShop, today: string, baseUrl = "http://localhost:3000") {
  // Seeded by the shop id, so each shop gets its own (but always the same) tokens.
  const rand = mulberry32([...shop.id].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261));
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const invoices: Prisma.InvoiceCreateManyInput[] = [];
  const items: Prisma.InvoiceItemCreateManyInput[] = [];
  const events: Prisma.InvoiceEventCreateManyInput[] = [];
  const outbox: Prisma.OutboxMessageCreateManyInput[] = [];

  const all = plans(rand).sort((a, b) => b.issueAgo - a.issueAgo);
  const seriesFirst = new Map<string, string>();
  const seriesCustomer = new Map<string, (typeof CUSTOMERS)[number]>();
  const seriesItems = new Map<string, { title: string; quantity: number; unitPriceMinor: number }[]>();

  all.forEach((plan, index) => {
    const sequence = index + 1;
    const id = `${shop.id}_inv_${String(sequence).padStart(3, "0")}`;
    const number = `INV-${String(sequence).padStart(4, "0")}`;
    const issueDate = addDays(today, -plan.issueAgo);
    const dueDate = addDays(issueDate, plan.dueIn);
    const s = plan.series;
    const customer = s
      ? (seriesCustomer.get(s.id) ?? (s.id === "retainer" ? CUSTOMERS[2] : CUSTOMERS[10]))
      : pick(CUSTOMERS);
    if (s) seriesCustomer.set(s.id, customer);
    const lines =
      (s && seriesItems.get(s.id)) ??
      Array.from({ length: 1 + Math.floor(rand() * 4) }, () => {
        const [title, price] = pick(CATALOG);
        return { title, quantity: 1 + Math.floor(rand() * 12), unitPriceMinor: price };
      });
    if (s && !seriesItems.has(s.id))
      seriesItems.set(
        s.id,
        s.id === "retainer"
          ? [{ title: "Monthly marketing retainer", quantity: 1, unitPriceMinor: 1_200_00 }]
          : [{ title: "Weekly showroom cleaning", quantity: 1, unitPriceMinor: 180_00 }],
      );
    const finalLines = s ? seriesItems.get(s.id)! : lines;
    const taxRate = s ? 0 : pick([0, 0.0625, 0.0725, 0.0825]);
    const shipping = s ? 0 : pick([0, 0, 9_95, 15_00]);
    const totals = computeTotals(finalLines, taxRate, shipping);
    const paymentMethod = s?.id === "retainer" ? "paypal" : pick(["none", "none", "stripe", "paypal"]);
    const publicToken = token(rand);
    const withAds = !s && rand() < 0.3;
    const createdAt = at(issueDate, 14);
    const sent = plan.status !== "draft";
    const sentAt = sent ? at(issueDate, 15) : null;
    const paidDay =
      plan.status === "paid" ? addDays(issueDate, Math.min(plan.paidAfter ?? 3, Math.max(0, plan.issueAgo))) : null;
    const paidAt = paidDay ? at(paidDay, 17) : null;
    const overdueDay = addDays(dueDate, 1);
    const isOverdue = plan.status === "overdue";
    // Voided within a few days of sending, before the due date.
    const voidDay = plan.status === "void" ? addDays(issueDate, Math.min(plan.issueAgo, 2)) : null;
    const endDay = paidDay ?? voidDay ?? today;
    const reminderSteps = sent
      ? REMINDER_DAYS.filter(
          (d) => addDays(issueDate, d) <= endDay && (plan.status !== "paid" || addDays(issueDate, d) < paidDay!),
        )
      : [];
    if (s && !seriesFirst.has(s.id)) seriesFirst.set(s.id, id);

    invoices.push({
      id,
      shopId: shop.id,
      number,
      sequence,
      status: plan.status,
      customerName: customer[0],
      customerEmail: customer[1],
      customerPhone: rand() < 0.5 ? `+1 555 01${String(10 + Math.floor(rand() * 89))}` : null,
      platform: "custom",
      currency: shop.currency,
      taxRate,
      subtotalMinor: totals.subtotalMinor,
      taxMinor: totals.taxMinor,
      shippingMinor: totals.shippingMinor,
      totalMinor: totals.totalMinor,
      issueDate,
      dueInDays: plan.dueIn,
      dueDate,
      paymentMethod,
      autoSend: s?.autoSend ?? false,
      isRecurring: !!s,
      recurringInterval: s?.interval ?? null,
      seriesId: s ? seriesFirst.get(s.id)! : null,
      nextIssueDate: s?.last ? nthIssueDate(issueDate, s.interval, 1) : null,
      marketingAds: withAds ? JSON.stringify(ADS) : null,
      adRotationEnabled: withAds,
      sendCount: sent ? 1 + reminderSteps.length : 0,
      lastReminderDay: reminderSteps.length ? reminderSteps[reminderSteps.length - 1] : 0,
      publicToken,
      sentAt,
      paidAt,
      overdueAt: isOverdue ? at(overdueDay, 5) : null,
      voidedAt: voidDay ? at(voidDay, 16) : null,
      firstViewedAt: sent && rand() < 0.7 ? at(addDays(issueDate, 1), 13) : null,
      createdAt,
    });
    finalLines.forEach((l, position) =>
      items.push({
        id: `${id}_item_${position}`,
        shopId: shop.id,
        invoiceId: id,
        position,
        ...l,
        lineTotalMinor: totals.lineTotalsMinor[position],
      }),
    );

    // Timeline: collected, then sorted by time (stable) and numbered in that order.
    const timeline: { type: string; actor: string; when: Date; detail: string | null }[] = [];
    const ev = (type: string, actor: string, when: Date, detail: string | null = null) =>
      timeline.push({ type, actor, when, detail });
    const seriesNumber = s ? invoices.find((i) => i.id === seriesFirst.get(s.id))!.number : null;
    ev(
      "created",
      s && seriesFirst.get(s.id) !== id ? "system" : "merchant",
      createdAt,
      s && seriesFirst.get(s.id) !== id ? `Created from ${seriesNumber} (recurring ${s.interval})` : null,
    );
    const hosted = `${baseUrl}/i/${publicToken}`;
    const pay = paymentOption(
      { paymentMethod, totalMinor: totals.totalMinor, currency: shop.currency, publicToken },
      { stripeEnabled: false, paypalMeUrl: "https://paypal.me/demostore", instructions: INSTRUCTIONS, baseUrl },
    );
    const mailItems = finalLines.map((l, i) => ({ ...l, lineTotalMinor: totals.lineTotalsMinor[i] }));
    const mail = (when: Date, kind: InvoiceMailKind, status: string, dedupeKey: string, sendIndex: number) => {
      const ads = withAds ? adsForMessage(ADS, true, sendIndex) : { top: [], bottom: [], sidebar: [] };
      const content = invoiceMailContent(
        shop.name,
        {
          number,
          status,
          currency: shop.currency,
          dueDate,
          customerName: customer[0],
          taxRate,
          subtotalMinor: totals.subtotalMinor,
          taxMinor: totals.taxMinor,
          shippingMinor: totals.shippingMinor,
          totalMinor: totals.totalMinor,
          items: mailItems,
        },
        { payment: pay, hostedUrl: hosted, ads },
        kind,
      );
      outbox.push({
        id: `${id}_mail_${outbox.length}`,
        shopId: shop.id,
        kind: kind.kind === "invoice" ? "invoice" : "invoice_reminder",
        toAddress: customer[1],
        fromAddress: "Profit Pilot <no-reply@profitpilot.local>",
        subject: content.subject,
        text: content.text,
        html: content.html,
        // The PDF itself is rendered on demand; its size is not known here.
        attachments: JSON.stringify([{ filename: `invoice-${number}.pdf`, contentType: "application/pdf" }]),
        dedupeKey,
        status: "stored",
        transport: "outbox",
        createdAt: when,
      });
    };
    if (sentAt) {
      ev("sent", s?.autoSend ? "system" : "merchant", sentAt);
      mail(sentAt, { kind: "invoice" }, "sent", `invoice:${id}:send`, 0);
      ev("emailed", "system", sentAt, `Invoice e-mailed to ${customer[1]}, stored in the outbox (no SMTP configured)`);
    }
    const viewedAt = invoices[invoices.length - 1].firstViewedAt as Date | null;
    if (viewedAt && viewedAt.getTime() <= at(endDay, 23).getTime()) ev("viewed", "customer", viewedAt);
    reminderSteps.forEach((step, i) => {
      const day = addDays(issueDate, step);
      const when = at(day, 9);
      ev("reminder", "system", when, `Reminder ${step} days after sending`);
      mail(
        when,
        { kind: "reminder", step },
        day > dueDate ? "overdue" : "sent",
        `invoice:${id}:reminder:${step}`,
        i + 1,
      );
      ev(
        "emailed",
        "system",
        when,
        `Reminder (day ${step}) e-mailed to ${customer[1]}, stored in the outbox (no SMTP configured)`,
      );
    });
    if (isOverdue) ev("overdue", "system", at(overdueDay, 5), `Due ${dueDate}, unpaid (1 day late)`);
    if (paidAt) ev("paid", "merchant", paidAt, paymentMethod === "paypal" ? "Payment received by PayPal" : null);
    if (voidDay) ev("void", "merchant", at(voidDay, 16));
    if (s && !s.last)
      ev(
        "recurring_next",
        "system",
        at(nthIssueDate(issueDate, s.interval, 1), 14),
        `Next invoice of the series created for ${nthIssueDate(issueDate, s.interval, 1)}`,
      );
    timeline
      .filter((e) => e.when.getTime() <= at(today, 23).getTime())
      .sort((a, b) => a.when.getTime() - b.when.getTime())
      .forEach((e, i) =>
        events.push({
          id: `${id}_ev_${String(i).padStart(3, "0")}`,
          shopId: shop.id,
          invoiceId: id,
          type: e.type,
          actor: e.actor,
          detail: e.detail,
          createdAt: e.when,
        }),
      );
  });

  await db.invoiceSettings.upsert({
    where: { shopId: shop.id },
    create: {
      shopId: shop.id,
      prefix: "INV-",
      nextNumber: invoices.length + 1,
      paymentInstructions: INSTRUCTIONS,
      businessAddress: "200 Market Street, Suite 5\nSan Francisco, CA 94105",
      paypalMeUrl: "https://paypal.me/demostore",
    },
    update: {},
  });
  await db.invoice.createMany({ data: invoices });
  await db.invoiceItem.createMany({ data: items });
  await db.invoiceEvent.createMany({ data: events });
  await db.outboxMessage.createMany({ data: outbox });
  const byStatus = invoices.reduce<Record<string, number>>(
    (acc, i) => ((acc[i.status as string] = (acc[i.status as string] ?? 0) + 1), acc),
    {},
  );
  return {
    invoices: invoices.length,
    items: items.length,
    events: events.length,
    outbox: outbox.length,
    byStatus,
    span: daysBetween(invoices[0].issueDate as string, today),
    amount: minorToDecimalString(
      invoices.reduce((s, i) => s + (i.totalMinor as number), 0),
      shop.currency,
    ),
  };
}
