// What a connection or a sync runs with: the configuration, the transport to the platforms
// (the network, or the demo's replay), a clock and a sleep. Tests hand in their own.
import { adConfig, type AdConfig } from "~/features/ad-platforms/config.server";
import { networkTransport, type CallContext, type Transport } from "~/features/ad-platforms/http.server";
import { google } from "~/features/ad-platforms/google.server";
import { meta } from "~/features/ad-platforms/meta.server";
import { tiktok } from "~/features/ad-platforms/tiktok.server";
import type { Configured, PlatformAdapter } from "~/features/ad-platforms/adapter.server";
import type { AdPlatform } from "~/features/ad-platforms/platforms";
import { replayTransport } from "~/features/ad-platforms/replay.server";

export const ADAPTERS: Record<AdPlatform, PlatformAdapter> = { google_ads: google, meta_ads: meta, tiktok_ads: tiktok };

export type AdRuntime = {
  config: AdConfig;
  transport: Transport;
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
};

/** The feature's refusal: a sentence for the merchant and the HTTP status the route answers. */
export class AdRefusal extends Error {
  constructor(
    readonly status: 400 | 403 | 404 | 409 | 503,
    message: string,
  ) {
    super(message);
    this.name = "AdRefusal";
  }
}

export function defaultRuntime(): AdRuntime {
  const config = adConfig();
  return { config, transport: config.demo ? replayTransport : networkTransport };
}

export function keyOf(rt: AdRuntime): Buffer {
  if (!Buffer.isBuffer(rt.config.key)) throw new AdRefusal(503, rt.config.key.error);
  return rt.config.key;
}

/** The platform's OAuth client, or a refusal naming the missing variables. */
export function configured(rt: AdRuntime, platform: AdPlatform): Configured {
  const cfg = rt.config.platforms[platform];
  if (!cfg.client) throw new AdRefusal(409, `Set ${cfg.missing.join(", ")} to connect this platform.`);
  return cfg as Configured;
}

export const callContext = (rt: AdRuntime, secrets: string[]): CallContext => ({
  transport: rt.transport,
  sleep: rt.sleep,
  secrets,
});

export const redirectUriFor = (rt: AdRuntime, platform: AdPlatform) =>
  `${rt.config.appUrl}/ad-platforms/${platform}/callback`;
