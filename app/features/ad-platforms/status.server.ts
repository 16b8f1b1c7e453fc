// The facts behind each ad platform's row on Settings → Integrations, for one shop. Never a
// token: the connection's status, times, the platform's last message and the accounts.
import { prisma } from "~/db.server";
import { adConfig, type AdConfig } from "~/features/ad-platforms/config.server";
import { AD_PLATFORMS } from "~/features/ad-platforms/platforms";
import type { AdPlatformFacts } from "~/features/ad-platforms/status";

export async function adPlatformFacts(shopId: string, config: AdConfig = adConfig()): Promise<AdPlatformFacts[]> {
  const [connections, accounts] = await Promise.all([
    prisma.adConnection.findMany({
      where: { shopId },
      select: {
        platform: true,
        status: true,
        replay: true,
        connectedAt: true,
        lastSyncAt: true,
        syncedThrough: true,
        rateNote: true,
        lastError: true,
        lastErrorAt: true,
      },
    }),
    prisma.adAccount.findMany({
      where: { shopId },
      orderBy: { name: "asc" },
      select: { platform: true, accountId: true, name: true, currency: true, selected: true },
    }),
  ]);
  const keyError = Buffer.isBuffer(config.key) ? null : config.key.error;
  return AD_PLATFORMS.map((platform) => {
    const c = connections.find((x) => x.platform === platform);
    return {
      platform,
      keyError,
      missing: config.platforms[platform].missing,
      connection: c ? { ...c } : null,
      accounts: accounts.filter((a) => a.platform === platform).map(({ platform: _, ...a }) => a),
    };
  });
}
