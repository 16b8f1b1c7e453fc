// The figures of one campaign, as the list, the card and the API read them (metrics.server.ts).
import type { Lift } from "./lift";
import type { CampaignStatus } from "./status";

export type CampaignFigures = {
  id: string;
  name: string;
  type: string;
  status: CampaignStatus;
  audience: string;
  segment: string | null;
  delayDays: number | null;
  delayHours: number | null;
  scheduledAt: string | null;
  recipients: number;
  holdout: number;
  sent: number;
  delivered: number;
  opened: number;
  clicked: number;
  openRate: number | null;
  clickRate: number | null;
  recoveryRate: number | null;
  attributedRevenueMinor: number;
  lift: Lift;
};

/** A recipient the provider refused: the customer's name, the provider's code and text, when. */
export type RecipientError = { customer: string; error: string; at: string | null };

/** The shop's Twilio connection as the screens show it: never the token, the SID's end only. */
export type SmsStatus = {
  connected: boolean;
  accountSid: string | null;
  sender: string | null;
  friendlyName: string | null;
  connectedAt: string | null;
};
