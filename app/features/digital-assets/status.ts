// A collection's status (admin-and-public.md §4): draft, active or paused, set by the merchant;
// "sold out" is derived (every one of its supply issued), never stored.
import type { CollectionStatus } from "./schema";

/** The moves the merchant may make; anything else is a 409. */
export const STATUS_MOVES: Record<CollectionStatus, readonly CollectionStatus[]> = {
  draft: ["active"],
  active: ["paused"],
  paused: ["active"],
};

export function canMove(from: string, to: CollectionStatus): boolean {
  return (STATUS_MOVES[from as CollectionStatus] ?? []).includes(to);
}

export type DisplayStatus = CollectionStatus | "sold-out";

export function displayStatus(c: { status: string; issued: number; supply: number }): DisplayStatus {
  if (c.status === "active" && c.issued >= c.supply) return "sold-out";
  return (c.status as CollectionStatus) ?? "draft";
}

/** How many of `wanted` a collection can still issue. */
export function issuable(c: { issued: number; supply: number }, wanted: number): number {
  return Math.max(0, Math.min(wanted, c.supply - c.issued));
}
