// The sending half of bench/engagement.ts in a process of its own, as a server instance runs it:
// the campaign's recipients planned, then two delivery loops at once (as two workers would) until
// no row is pending. Its RSS is the server's, not the benchmark's, which has just written 100,000
// customers to set the stage. Prints one JSON line: { w1, w2, toSend, sendMs, peakRss }.
export {};
const [shopId, campaignId, laterIso, smtpUrl] = process.argv.slice(2);
process.env.NODE_ENV = "production";
process.env.DEMO_MODE = "1";

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
const { prisma } = await import("~/db.server");
const { setTransportForTests } = await import("~/platform/mail.server");
const e = await import("~/features/engagement/index.server");
setTransportForTests(smtpUrl);

const later = new Date(laterIso);
const shop = await prisma.shop.findUniqueOrThrow({
  where: { id: shopId },
  select: { id: true, name: true, domain: true, timezone: true },
});
const campaign = await prisma.engagementCampaign.findFirstOrThrow({ where: { id: campaignId, shopId } });
await e.planCampaign(shop, campaign, later);
const toSend = await prisma.engagementSend.count({ where: { campaignId, status: "pending" } });
const t = performance.now();
const worker = async () => {
  let sent = 0;
  for (;;) {
    sent += await e.deliverDue(shop, later, 200);
    if ((await prisma.engagementSend.count({ where: { campaignId, status: "pending" } })) === 0) return sent;
  }
};
const [w1, w2] = await Promise.all([worker(), worker()]);
const sendMs = performance.now() - t;
clearInterval(sampler);
console.log(JSON.stringify({ w1, w2, toSend, sendMs, peakRss }));
await prisma.$disconnect();
process.exit(0);
