// The hold-out: recipients who are never sent, so a campaign's lift is measured, not assumed.
// Assigned by a hash of customer and campaign (stable: the same customer is always on the same
// side of the same campaign) and stratified by segment: within each segment of a batch the
// lowest hashes are held out, round(n × share) of them.
import { createHash } from "node:crypto";

export function holdoutHash(customerId: string, campaignId: string): number {
  const digest = createHash("sha256").update(`${campaignId}:${customerId}`).digest();
  return digest.readUInt32BE(0) / 0x1_0000_0000;
}

/** One recipient at a time (triggered flows): held out when its hash falls under the share. */
export function isHeldOut(customerId: string, campaignId: string, percent: number): boolean {
  return holdoutHash(customerId, campaignId) < percent / 100;
}

/** A whole audience at once (one-off campaigns): exactly round(n × share) per segment. */
export function assignHoldout(
  members: { customerId: string; segment: string }[],
  campaignId: string,
  percent: number,
): Set<string> {
  const bySegment = new Map<string, { id: string; h: number }[]>();
  for (const m of members) {
    const list = bySegment.get(m.segment) ?? [];
    list.push({ id: m.customerId, h: holdoutHash(m.customerId, campaignId) });
    bySegment.set(m.segment, list);
  }
  const out = new Set<string>();
  for (const list of bySegment.values()) {
    list.sort((a, b) => a.h - b.h || (a.id < b.id ? -1 : 1));
    const take = Math.round((list.length * percent) / 100);
    for (const m of list.slice(0, take)) out.add(m.id);
  }
  return out;
}
