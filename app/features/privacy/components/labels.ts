// How the screen names the queue's values (one place).
export const TYPE_LABELS: Record<string, string> = {
  access: "Access",
  deletion: "Deletion",
  portability: "Portability",
  rectification: "Rectification",
  opt_out: "Opt-out of sale/sharing",
  shop_redact: "Shop data deletion",
};
export const REGULATION_LABELS: Record<string, string> = {
  gdpr: "GDPR",
  uk_gdpr: "UK GDPR",
  ccpa: "CCPA/CPRA",
  lgpd: "LGPD",
  other: "Other",
};
export const SOURCE_LABELS: Record<string, string> = {
  shopify_webhook: "Shopify",
  public_form: "Public form",
  manual: "Entered by staff",
};
export const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
  refused: "Refused",
};
export const options = (labels: Record<string, string>, keys: readonly string[]) =>
  keys.map((k) => ({ label: labels[k] ?? k, value: k }));
