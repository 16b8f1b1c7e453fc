// Settings → General, stored per shop (docs/product/settings.md#general,
// docs/decisions/044-general-settings.md). Shop.timezone is the zone figures are
// bucketed in; a reporting time zone replaces it there (and re-dates the orders and
// rollups), with Shopify's own zone kept in ShopSettings.shopifyTimezone until the
// override is removed.
import { prisma, sqlOn } from "~/db.server";
import { FieldError, fieldErrorsOf, formToObject } from "~/lib/forms";
import { rebuildRollups, rederiveDays } from "~/features/profit/index.server";
import { sendDailySummaries } from "~/features/settings/daily-summary.server";
import { asTheme, type Theme } from "~/lib/theme";
import {
  DEFAULT_GENERAL_SETTINGS,
  currencyError,
  generalSettingsSchema,
  generalValues,
  type GeneralSettingsInput,
  type GeneralSettingsResult,
  type GeneralSettingsValues,
} from "~/features/settings/general-schema";

type ShopRef = { id: string; name: string; timezone: string; currency: string };

export type GeneralSettings = GeneralSettingsValues & {
  /** What Shopify says about the store (shown read-only, "From Shopify"). */
  shopify: { name: string; timezone: string; currency: string };
  /** The zone figures are bucketed in now. */
  effectiveTimezone: string;
};

export async function getGeneralSettings(shop: ShopRef): Promise<GeneralSettings> {
  const row = await prisma.shopSettings.findUnique({ where: { shopId: shop.id } });
  const values: GeneralSettingsValues = row
    ? {
        reportingTimezone: row.reportingTimezone,
        theme: asTheme(row.theme),
        autoRefresh: row.autoRefresh,
        dailySummary: row.dailySummary,
        weekStartsMonday: row.weekStartsMonday,
      }
    : DEFAULT_GENERAL_SETTINGS;
  return {
    ...values,
    shopify: {
      name: shop.name,
      // While overridden, Shop.timezone holds the override and Shopify's zone waits in the settings row.
      timezone: (row?.reportingTimezone && row.shopifyTimezone) || shop.timezone,
      currency: shop.currency,
    },
    effectiveTimezone: shop.timezone,
  };
}

/** The admin theme, for the layout (one primary-key read per admin page). */
export async function getTheme(shopId: string): Promise<Theme> {
  // Read on every admin request (the layout): one typed statement (docs/decisions/111-per-request-reads.md).
  const row = await sqlOn().selectFrom("ShopSettings").select("theme").where("shopId", "=", shopId).executeTakeFirst();
  return asTheme(row?.theme);
}

/** The settings other screens read: the dashboard's week start and auto-refresh. */
export async function getDisplayPreferences(shopId: string) {
  const row = await prisma.shopSettings.findUnique({
    where: { shopId },
    select: { autoRefresh: true, weekStartsMonday: true },
  });
  return {
    autoRefresh: row?.autoRefresh ?? DEFAULT_GENERAL_SETTINGS.autoRefresh,
    weekStart: (row?.weekStartsMonday ?? DEFAULT_GENERAL_SETTINGS.weekStartsMonday) ? "monday" : "sunday",
  } as const;
}

/**
 * Saves the General tab. A currency other than the shop's is refused with a field error
 * and nothing is written; a new reporting time zone re-dates the shop's orders and
 * refunds and rebuilds its rollups before this returns.
 */
export async function saveGeneralSettings(shop: ShopRef, input: GeneralSettingsInput) {
  if (input.currency && input.currency !== shop.currency)
    throw new FieldError({ currency: [currencyError(input.currency, shop.currency)] });
  const current = await getGeneralSettings(shop);
  const shopifyTimezone = current.shopify.timezone;
  const zone = input.reportingTimezone === shopifyTimezone ? null : input.reportingTimezone;
  const effective = zone ?? shopifyTimezone;
  const fields = {
    reportingTimezone: zone,
    shopifyTimezone: zone ? shopifyTimezone : null,
    theme: input.theme,
    autoRefresh: input.autoRefresh,
    dailySummary: input.dailySummary,
    weekStartsMonday: input.weekStartsMonday,
  };
  const moved = await prisma.$transaction(
    async (tx) => {
      await tx.shopSettings.upsert({
        where: { shopId: shop.id },
        create: { shopId: shop.id, ...fields },
        update: fields,
      });
      if (effective === shop.timezone) return null;
      await tx.shop.update({ where: { id: shop.id }, data: { timezone: effective } });
      return rederiveDays(tx, shop.id, effective);
    },
    { timeout: 120_000 },
  );
  // The rollups follow the re-dated rows (rebuildRollups runs its own transactions, a month at a time, and bumps dataVersion).
  if (moved) await rebuildRollups(shop.id);
  return { rebucketed: moved !== null, timezone: effective };
}

/** The General tab's form post: 400 with field errors and nothing written, or saved (with what changed, for the audit log). */
export async function submitGeneralSettings(
  shop: ShopRef,
  form: FormData,
): Promise<{
  status: number;
  result: GeneralSettingsResult;
  change?: { before: GeneralSettingsValues; after: GeneralSettingsValues };
}> {
  const parsed = generalSettingsSchema.safeParse(formToObject(form));
  if (!parsed.success) return { status: 400, result: { ok: false, errors: fieldErrorsOf(parsed.error) } };
  try {
    const before = generalValues(await getGeneralSettings(shop));
    const { rebucketed, timezone } = await saveGeneralSettings(shop, parsed.data);
    const after = generalValues(await getGeneralSettings({ ...shop, timezone }));
    // Turning the summary on sends yesterday's at once (the outbox keeps it to one a day), so it can be seen.
    if (after.dailySummary && !before.dailySummary) await sendDailySummaries(new Date(), shop.id);
    const message = rebucketed ? `Settings saved. Figures are now counted in ${timezone}.` : "Settings saved.";
    return { status: 200, result: { ok: true, message }, change: { before, after } };
  } catch (error) {
    if (error instanceof FieldError) return { status: 400, result: { ok: false, errors: error.fieldErrors } };
    throw error;
  }
}
