// A customer's time zone from their address (docs/decisions/117-customer-time-zone.md): Shopify's
// own `MailingAddress.timeZone` when the Admin API gave one; otherwise inferred from the country
// and, in countries whose regions keep different clocks, the province code; null when neither says
// (the caller then uses the shop's zone). Pure: no I/O, the zone data comes with
// `countries-and-timezones` (tzdb's zone1970 country table).
import { getTimezone, getTimezonesForCountry } from "countries-and-timezones";
import { isValidTimeZone } from "./dates";

export type AddressForZone = {
  /** ISO 3166-1 alpha-2, as Shopify's `countryCodeV2` / REST `country_code`. */
  countryCode?: string | null;
  /** Shopify's province code (`provinceCode` / REST `province_code`): "CA", "ON", "NSW". */
  provinceCode?: string | null;
  /** Shopify's `MailingAddress.timeZone`, when the Admin API gave one. */
  timeZone?: string | null;
};

const E = "America/New_York";
const C = "America/Chicago";
const M = "America/Denver";
const P = "America/Los_Angeles";

// The clock most of a region's people keep, where a country's regions keep different clocks.
const REGION_ZONES: Record<string, Record<string, string>> = {
  US: {
    AL: C,
    AK: "America/Anchorage",
    AZ: "America/Phoenix",
    AR: C,
    CA: P,
    CO: M,
    CT: E,
    DE: E,
    DC: E,
    FL: E,
    GA: E,
    HI: "Pacific/Honolulu",
    ID: "America/Boise",
    IL: C,
    IN: "America/Indiana/Indianapolis",
    IA: C,
    KS: C,
    KY: "America/Kentucky/Louisville",
    LA: C,
    ME: E,
    MD: E,
    MA: E,
    MI: "America/Detroit",
    MN: C,
    MS: C,
    MO: C,
    MT: M,
    NE: C,
    NV: P,
    NH: E,
    NJ: E,
    NM: M,
    NY: E,
    NC: E,
    ND: C,
    OH: E,
    OK: C,
    OR: P,
    PA: E,
    RI: E,
    SC: E,
    SD: C,
    TN: C,
    TX: C,
    UT: M,
    VT: E,
    VA: E,
    WA: P,
    WV: E,
    WI: C,
    WY: M,
    PR: "America/Puerto_Rico",
    GU: "Pacific/Guam",
    VI: "America/St_Thomas",
    AS: "Pacific/Pago_Pago",
    MP: "Pacific/Saipan",
  },
  CA: {
    AB: "America/Edmonton",
    BC: "America/Vancouver",
    MB: "America/Winnipeg",
    NB: "America/Moncton",
    NL: "America/St_Johns",
    NS: "America/Halifax",
    NT: "America/Yellowknife",
    NU: "America/Iqaluit",
    ON: "America/Toronto",
    PE: "America/Halifax",
    QC: "America/Toronto",
    SK: "America/Regina",
    YT: "America/Whitehorse",
  },
  AU: {
    ACT: "Australia/Sydney",
    NSW: "Australia/Sydney",
    NT: "Australia/Darwin",
    QLD: "Australia/Brisbane",
    SA: "Australia/Adelaide",
    TAS: "Australia/Hobart",
    VIC: "Australia/Melbourne",
    WA: "Australia/Perth",
  },
  MX: {
    BC: "America/Tijuana",
    BCS: "America/Mazatlan",
    SON: "America/Hermosillo",
    SIN: "America/Mazatlan",
    NAY: "America/Mazatlan",
    CHIH: "America/Chihuahua",
    "Q ROO": "America/Cancun",
  },
};

// Where regions keep different clocks and no region says which: the clock of most of the people.
const MAIN_ZONES: Record<string, string> = {
  MX: "America/Mexico_City",
  BR: "America/Sao_Paulo",
  RU: "Europe/Moscow",
  ID: "Asia/Jakarta",
  KZ: "Asia/Almaty",
  CN: "Asia/Shanghai",
  ES: "Europe/Madrid",
  PT: "Europe/Lisbon",
  NZ: "Pacific/Auckland",
  CL: "America/Santiago",
  EC: "America/Guayaquil",
  UA: "Europe/Kyiv",
  MN: "Asia/Ulaanbaatar",
  CD: "Africa/Kinshasa",
  GL: "America/Nuuk",
  PF: "Pacific/Tahiti",
  KI: "Pacific/Tarawa",
  FM: "Pacific/Pohnpei",
  PG: "Pacific/Port_Moresby",
  CY: "Asia/Nicosia",
  DE: "Europe/Berlin",
  UZ: "Asia/Tashkent",
  EG: "Africa/Cairo",
};

const known = (zone: string | undefined | null): string | null => (zone && isValidTimeZone(zone) ? zone : null);

/**
 * The one clock a country keeps, when every zone tzdb lists for it has the same offsets, named as
 * the country knows it: tzdb files Sweden under Europe/Berlin and the Netherlands under
 * Europe/Brussels; their own names (Europe/Stockholm, Europe/Amsterdam) are links to the same clock.
 */
function singleClock(countryCode: string): string | null {
  const zones = getTimezonesForCountry(countryCode) ?? [];
  if (!zones.length) return null;
  const [first] = zones;
  if (!zones.every((z) => z.utcOffset === first.utcOffset && z.dstOffset === first.dstOffset)) return null;
  const own = zones.find((z) => z.countries[0] === countryCode);
  const link = (getTimezonesForCountry(countryCode, { deprecated: true }) ?? []).find(
    (z) => z.name.includes("/") && z.countries.length === 1 && z.aliasOf && getTimezone(z.aliasOf)?.name === first.name,
  );
  return known(own?.name ?? link?.name ?? first.name);
}

/** The address's time zone, or null when the address does not say (use the shop's). */
export function zoneForAddress(address: AddressForZone | null | undefined): string | null {
  if (!address) return null;
  const given = known(address.timeZone?.trim());
  if (given) return given;
  const country = address.countryCode?.trim().toUpperCase();
  if (!country || !/^[A-Z]{2}$/.test(country)) return null;
  const region = address.provinceCode?.trim().toUpperCase();
  return known(region ? REGION_ZONES[country]?.[region] : null) ?? known(MAIN_ZONES[country]) ?? singleClock(country);
}
