// Lifetime value and churn risk (docs/decisions/053-customer-lifetime-value.md).
// BG/NBD (Fader, Hardie & Lee 2005, "Counting your customers the easy way") for the number
// of future orders and Gamma-Gamma (Fader, Hardie & Lee 2005, "RFM and CLV") for their value,
// fitted per shop by maximum likelihood; a labelled simple model when a shop has too few
// repeat buyers. Time is in weeks inside the models, as in the papers.
import { gammaln } from "simple-statistics";
import { nelderMeadSteps } from "./optimize";
import { DAY_MS, type OrderSummary } from "./summary";

const lbeta = (a: number, b: number) => gammaln(a) + gammaln(b) - gammaln(a + b);

/** Gauss's hypergeometric 2F1(a, b; c; z) for 0 ≤ z < 1, by its series. */
export function hyp2f1(a: number, b: number, c: number, z: number): number {
  let term = 1;
  let sum = 1;
  for (let j = 0; j < 100_000; j++) {
    term *= (((a + j) * (b + j)) / ((c + j) * (j + 1))) * z;
    sum += term;
    if (Math.abs(term) < 1e-13 * Math.abs(sum)) break;
  }
  return sum;
}

/** A customer's history as the BG/NBD sees it: x repeat purchases, the last at tx, observed for T (weeks). */
export type Rfm = { x: number; tx: number; T: number };
export type BgNbdParams = { r: number; alpha: number; a: number; b: number };
export type GammaGammaParams = { p: number; q: number; gamma: number };

/** The likelihood's terms that depend on the repeat purchases x alone, not on tx or T. */
type BgNbdTerms = { a1: number; a2: number; l4: number };

function bgnbdTermsOf({ r, alpha, a, b }: BgNbdParams, x: number): BgNbdTerms {
  return {
    a1: gammaln(r + x) - gammaln(r) + r * Math.log(alpha),
    a2: lbeta(a, b + x) - lbeta(a, b),
    l4: x === 0 ? 0 : lbeta(a + 1, b + x - 1) - lbeta(a, b + x),
  };
}

/** One customer's BG/NBD log-likelihood (the paper's equation 6, in logs). */
function bgnbdWith({ r, alpha }: BgNbdParams, { a1, a2, l4 }: BgNbdTerms, { x, tx, T }: Rfm): number {
  const a3 = -(r + x) * Math.log(alpha + T);
  if (x === 0) return a1 + a2 + a3;
  const a4 = l4 - (r + x) * Math.log(alpha + tx);
  const hi = Math.max(a3, a4);
  return a1 + a2 + hi + Math.log(Math.exp(a3 - hi) + Math.exp(a4 - hi));
}

/**
 * The sum of `f` over `items`, with the terms that depend on x alone computed once per x: a fit
 * evaluates its log-likelihood hundreds of times over its sample.
 */
function sumByX<C extends { x: number }, T>(items: readonly C[], termsOf: (x: number) => T, f: (t: T, c: C) => number) {
  const terms = new Map<number, T>();
  let total = 0;
  for (const c of items) {
    let t = terms.get(c.x);
    if (t === undefined) terms.set(c.x, (t = termsOf(c.x)));
    total = total + f(t, c);
  }
  return total;
}

/** The sum of the customers' BG/NBD log-likelihoods. */
export const bgnbdTotalLogLikelihood = (params: BgNbdParams, customers: readonly Rfm[]): number =>
  sumByX(
    customers,
    (x) => bgnbdTermsOf(params, x),
    (t, c) => bgnbdWith(params, t, c),
  );

/** P(alive | x, tx, T). */
export function probabilityAlive({ r, alpha, a, b }: BgNbdParams, { x, tx, T }: Rfm): number {
  if (x === 0) return 1;
  return 1 / (1 + (a / (b + x - 1)) * Math.pow((alpha + T) / (alpha + tx), r + x));
}

/** E[Y(t) | x, tx, T]: expected purchases in the next t weeks (the paper's equation 10). */
export function expectedPurchases(params: BgNbdParams, rfm: Rfm, t: number): number {
  const { r, alpha, a, b } = params;
  const { x, T } = rfm;
  const z = t / (alpha + T + t);
  const head = (a + b + x - 1) / (a - 1);
  const body = 1 - Math.pow((alpha + T) / (alpha + T + t), r + x) * hyp2f1(r + x, b + x, a + b + x - 1, z);
  const alive = probabilityAlive(params, rfm);
  // The paper's denominator 1 + δ(x>0)·… is 1 / P(alive).
  return head * body * alive;
}

/**
 * P(no purchase in the next t weeks): a customer who is gone buys nothing; one still alive
 * makes none with probability ((α+T)/(α+T+t))^(r+x) (the posterior gamma's Laplace transform).
 */
export function probabilityNoPurchase(params: BgNbdParams, rfm: Rfm, t: number): number {
  const alive = probabilityAlive(params, rfm);
  const none = Math.pow((params.alpha + rfm.T) / (params.alpha + rfm.T + t), params.r + rfm.x);
  return 1 - alive + alive * none;
}

/** Weeks from now until an alive customer's next purchase is as likely as not. */
export function medianWeeksToNextPurchase(params: BgNbdParams, rfm: Rfm): number {
  return (params.alpha + rfm.T) * (Math.pow(2, 1 / (params.r + rfm.x)) - 1);
}

/** The Gamma-Gamma likelihood's terms that depend on x alone, not on m. */
type GammaGammaTerms = { head: number; xlx: number };

function gammaGammaTermsOf({ p, q, gamma }: GammaGammaParams, x: number): GammaGammaTerms {
  return { head: gammaln(p * x + q) - gammaln(p * x) - gammaln(q) + q * Math.log(gamma), xlx: p * x * Math.log(x) };
}

/** One repeat buyer's Gamma-Gamma log-likelihood of the mean value m of their x transactions. */
function gammaGammaWith({ p, q, gamma }: GammaGammaParams, { head, xlx }: GammaGammaTerms, x: number, m: number) {
  return head + (p * x - 1) * Math.log(m) + xlx - (p * x + q) * Math.log(gamma + m * x);
}

/** The sum of the repeat buyers' Gamma-Gamma log-likelihoods. */
export const gammaGammaTotalLogLikelihood = (params: GammaGammaParams, buyers: readonly { x: number; m: number }[]) =>
  sumByX(
    buyers,
    (x) => gammaGammaTermsOf(params, x),
    (t, c) => gammaGammaWith(params, t, c.x, c.m),
  );

/** E[M | x, m]: the expected value of this customer's future orders. */
export function expectedOrderValue({ p, q, gamma }: GammaGammaParams, x: number, m: number): number {
  return (p * (gamma + x * m)) / (p * x + q - 1);
}

const sum = <T>(items: readonly T[], f: (item: T) => number) => items.reduce((s, item) => s + f(item), 0);

/** A refit starts from the previous parameters with a smaller simplex (in logs, ±10%; decision 073). */
const WARM_STEP = 0.1;

/**
 * Maximum-likelihood parameters `keys`, searched in logs (so they stay positive, within ±`bound`),
 * from `cold` or warm from `from`.
 */
function* fitInLogs<P extends Record<string, number>>(
  keys: readonly (keyof P)[],
  logLikelihood: (params: P) => number,
  bound: number,
  cold: number[],
  from?: P,
) {
  const toParams = (v: number[]) => Object.fromEntries(keys.map((k, i) => [k, Math.exp(v[i]!)])) as P;
  const result = yield* nelderMeadSteps(
    (v) => (v.some((x) => Math.abs(x) > bound) ? Infinity : -logLikelihood(toParams(v))),
    from ? keys.map((k) => Math.log(from[k])) : cold,
    { maxIterations: 1500, tolerance: 1e-10, step: from ? WARM_STEP : undefined },
  );
  return { params: toParams(result.x), logLikelihood: -result.value, converged: result.converged };
}

export function fitBgNbdSteps(customers: readonly Rfm[], from?: BgNbdParams) {
  const meanT = sum(customers, (c) => c.T) / Math.max(1, customers.length);
  const cold = [0, Math.log(Math.max(1, meanT)), 0, 0];
  return fitInLogs(["r", "alpha", "a", "b"], (p) => bgnbdTotalLogLikelihood(p, customers), 12, cold, from);
}

export function fitGammaGammaSteps(repeat: readonly { x: number; m: number }[], from?: GammaGammaParams) {
  const meanM = sum(repeat, (c) => c.m) / Math.max(1, repeat.length);
  const cold = [Math.log(2), Math.log(3), Math.log(Math.max(1, meanM))];
  return fitInLogs<GammaGammaParams>(
    ["p", "q", "gamma"],
    (p) => gammaGammaTotalLogLikelihood(p, repeat),
    25,
    cold,
    from,
  );
}

// ── Per-customer predictions ──

export const LTV_METHODS = { bgnbd: "BG/NBD + Gamma-Gamma", simple: "Average order value × expected orders" } as const;
export type LtvMethod = keyof typeof LTV_METHODS;
export const CHURN_RISKS = ["Low", "Medium", "High"] as const;
export type ChurnRisk = (typeof CHURN_RISKS)[number];

/** A shop needs this many repeat buyers before the BG/NBD + Gamma-Gamma fit is used. */
export const MIN_REPEAT_BUYERS = 50;
/** P(no purchase in 90 days) at or above these is High, Medium; below is Low. */
export const CHURN_HIGH = 0.8;
export const CHURN_MEDIUM = 0.5;

export function churnRiskOf(pNoPurchase90: number): ChurnRisk {
  return pNoPurchase90 >= CHURN_HIGH ? "High" : pNoPurchase90 >= CHURN_MEDIUM ? "Medium" : "Low";
}

const WEEK_DAYS = 7;
const YEAR_WEEKS = 365 / WEEK_DAYS;
const CHURN_WEEKS = 90 / WEEK_DAYS;

export function rfmFrom(s: OrderSummary | null, now: number): Rfm | null {
  if (!s) return null;
  return {
    x: s.orderDays - 1,
    tx: (s.lastOrderMs - s.firstOrderMs) / DAY_MS / WEEK_DAYS,
    T: Math.max(0, (now - s.firstOrderMs) / DAY_MS / WEEK_DAYS),
  };
}

export type ShopModel =
  | { method: "bgnbd"; bgnbd: BgNbdParams; gammaGamma: GammaGammaParams; repeatBuyers: number; fittedOn: number }
  | { method: "simple"; repeatBuyers: number; shopAovMinor: number };

export type Prediction = {
  method: LtvMethod;
  predicted12mMinor: number;
  pNoPurchase90: number;
  churnRisk: ChurnRisk;
  /** Expected next order (epoch ms); null when the customer is more likely gone than not, or has one order only. */
  expectedNextOrderAt: number | null;
};

/** The positions of every `step`-th item, so a fit on a large shop reads a fixed-size, deterministic sample. */
function samplePositions(count: number, size: number): number[] {
  if (count <= size) return Array.from({ length: count }, (_, k) => k);
  const step = count / size;
  return Array.from({ length: size }, (_, i) => Math.floor(i * step));
}

/** Customers the fit reads at most (a deterministic sample beyond that; see the decision record). */
export const FIT_SAMPLE = 2000;

/** Fits the shop's model from its customers' order summaries, or chooses the simple one; yields per iteration. */
export function* fitShopModelSteps(
  summaries: readonly (OrderSummary | null)[],
  now: number,
  previous: ShopModel | null = null,
): Generator<void, ShopModel, void> {
  const present = summaries.filter((s): s is OrderSummary => s !== null);
  let orders = 0;
  let netMinor = 0;
  const repeat: number[] = [];
  present.forEach((s, k) => {
    orders += s.orders;
    netMinor += s.netMinor;
    // x ≥ 1 (rfmFrom): a repeat purchase on another day.
    if (s.orderDays - 1 >= 1) repeat.push(k);
  });
  const shopAovMinor = Math.round(orders ? netMinor / orders : 0);
  if (repeat.length < MIN_REPEAT_BUYERS) return { method: "simple", repeatBuyers: repeat.length, shopAovMinor };
  const warm = previous?.method === "bgnbd" ? previous : null;
  const bg = yield* fitBgNbdSteps(
    samplePositions(present.length, FIT_SAMPLE).map((k) => rfmFrom(present[k]!, now)!),
    warm?.bgnbd,
  );
  const gg = yield* fitGammaGammaSteps(
    samplePositions(repeat.length, FIT_SAMPLE)
      .map((j) => {
        const s = present[repeat[j]!]!;
        return { x: s.orders, m: s.netMinor / s.orders };
      })
      .filter((c) => c.m > 0),
    warm?.gammaGamma,
  );
  // A fit that did not settle, or that makes future orders worth nothing, is not used.
  if (!bg.converged || !gg.converged || gg.params.p * 1 + gg.params.q <= 1 || Math.abs(bg.params.a - 1) < 1e-6)
    return { method: "simple", repeatBuyers: repeat.length, shopAovMinor };
  return { method: "bgnbd", bgnbd: bg.params, gammaGamma: gg.params, repeatBuyers: repeat.length, fittedOn: now };
}

function valueOf(model: ShopModel, s: OrderSummary, rfm: Rfm): number {
  const aov = s.netMinor / s.orders;
  if (model.method === "bgnbd") {
    const orders = expectedPurchases(model.bgnbd, rfm, YEAR_WEEKS);
    const value = aov > 0 ? expectedOrderValue(model.gammaGamma, s.orders, aov) : 0;
    return Math.max(0, Math.round(orders * value));
  }
  // Simple: the customer's order rate over the last year continues at their average order value.
  return Math.max(0, Math.round(s.windowOrders * (aov || model.shopAovMinor)));
}

/** The prediction from a customer's order summary (valid for `now`, see validFor in summary.ts). */
export function predictFrom(model: ShopModel, s: OrderSummary | null, now: number): Prediction | null {
  const rfm = rfmFrom(s, now);
  if (!s || !rfm) return null;
  const bg = model.method === "bgnbd" ? model.bgnbd : null;
  // Simple: no order in 90 days at the customer's order rate over the last year.
  const pNone = bg ? clamp01(probabilityNoPurchase(bg, rfm, CHURN_WEEKS)) : Math.exp(-(s.windowOrders / 365) * 90);
  const next = bg
    ? probabilityAlive(bg, rfm) >= 0.5
      ? now + medianWeeksToNextPurchase(bg, rfm) * WEEK_DAYS * DAY_MS
      : null
    : s.medianGapMs !== null
      ? s.lastOrderMs + s.medianGapMs
      : null;
  return {
    method: model.method,
    predicted12mMinor: valueOf(model, s, rfm),
    pNoPurchase90: pNone,
    churnRisk: churnRiskOf(pNone),
    expectedNextOrderAt: next === null ? null : Math.round(next),
  };
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));
