import { gammaln as lgamma } from "simple-statistics";
import { describe, expect, it } from "vitest";
import {
  bgnbdTotalLogLikelihood,
  churnRiskOf,
  expectedOrderValue,
  expectedPurchases,
  fitBgNbdSteps,
  fitGammaGammaSteps,
  gammaGammaTotalLogLikelihood,
  hyp2f1,
  probabilityAlive,
  probabilityNoPurchase,
  type BgNbdParams,
  type GammaGammaParams,
  type Rfm,
} from "./clv";
import { fitShopModel, predict, type History } from "~tests/customers-reference";
import { nelderMeadSteps } from "./optimize";
import { runToEnd } from "~/lib/steps";

// One customer's log-likelihood: a total over that customer alone.
const bgnbdLogLikelihood = (p: BgNbdParams, c: Rfm) => bgnbdTotalLogLikelihood(p, [c]);
const gammaGammaLogLikelihood = (p: GammaGammaParams, x: number, m: number) =>
  gammaGammaTotalLogLikelihood(p, [{ x, m }]);

/** Midpoint rule on (lo, hi). */
function integrate(f: (x: number) => number, lo: number, hi: number, n = 4000): number {
  const h = (hi - lo) / n;
  let s = 0;
  for (let i = 0; i < n; i++) s += f(lo + (i + 0.5) * h);
  return s * h;
}

const gammaPdf = (x: number, shape: number, rate: number) =>
  Math.exp(shape * Math.log(rate) + (shape - 1) * Math.log(x) - rate * x - lgamma(shape));
const betaPdf = (x: number, a: number, b: number) =>
  Math.exp((a - 1) * Math.log(x) + (b - 1) * Math.log(1 - x) - (lgamma(a) + lgamma(b) - lgamma(a + b)));

/**
 * The BG/NBD model's defining integral over λ and p, taken numerically: the chance of the
 * history (x, tx, T), optionally with no purchase in the t weeks after T.
 */
function bgnbdByIntegration({ r, alpha, a, b }: BgNbdParams, { x, tx, T }: Rfm, noneFor = 0): number {
  return integrate(
    (p) =>
      betaPdf(p, a, b) *
      integrate(
        (lambda) =>
          gammaPdf(lambda, r, alpha) *
          (Math.pow(1 - p, x) * Math.pow(lambda, x) * Math.exp(-lambda * (T + noneFor)) +
            (x > 0 ? p * Math.pow(1 - p, x - 1) * Math.pow(lambda, x) * Math.exp(-lambda * tx) : 0)),
        0,
        4,
        4000,
      ),
    0,
    1,
    400,
  );
}

describe("special functions", () => {
  it("ln Γ matches known values", () => {
    expect(lgamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12);
    expect(lgamma(10)).toBeCloseTo(Math.log(362880), 10);
    expect(lgamma(1)).toBeCloseTo(0, 12);
    expect(lgamma(0.1)).toBeCloseTo(2.252712651734206, 10);
  });

  it("2F1(1, 1; 2; z) = −ln(1 − z) / z", () => {
    for (const z of [0.1, 0.5, 0.9]) expect(hyp2f1(1, 1, 2, z)).toBeCloseTo(-Math.log(1 - z) / z, 9);
  });

  it("Nelder–Mead finds the Rosenbrock minimum", () => {
    const result = runToEnd(
      nelderMeadSteps(([x, y]) => (1 - x!) ** 2 + 100 * (y! - x! ** 2) ** 2, [-1.2, 1], {
        maxIterations: 5000,
        tolerance: 1e-14,
      }),
    );
    expect(result.x[0]).toBeCloseTo(1, 3);
    expect(result.x[1]).toBeCloseTo(1, 3);
  });
});

describe("BG/NBD", () => {
  // The CDNOW estimates published in the paper (Fader, Hardie & Lee 2005, table 1).
  const cdnow: BgNbdParams = { r: 0.243, alpha: 4.414, a: 0.793, b: 2.426 };

  it("reproduces the paper's worked example: x = 2, tx = 30.43, T = 38.86 → 1.226 purchases in 39 weeks", () => {
    expect(expectedPurchases(cdnow, { x: 2, tx: 30.43, T: 38.86 }, 39)).toBeCloseTo(1.226, 2);
  });

  const smooth: BgNbdParams = { r: 2, alpha: 5, a: 1.5, b: 2.5 };
  const histories: Rfm[] = [
    { x: 0, tx: 0, T: 20 },
    { x: 1, tx: 4, T: 10 },
    { x: 3, tx: 15, T: 30 },
  ];

  it("the closed-form likelihood equals the model's integral", () => {
    for (const h of histories)
      expect(bgnbdLogLikelihood(smooth, h)).toBeCloseTo(Math.log(bgnbdByIntegration(smooth, h)), 3);
  }, 60_000);

  it("P(no purchase in t) and P(alive) equal the integrals they stand for", () => {
    for (const h of histories) {
      const joint = bgnbdByIntegration(smooth, h, 13) / bgnbdByIntegration(smooth, h);
      expect(probabilityNoPurchase(smooth, h, 13)).toBeCloseTo(joint, 3);
    }
    // As tx → T the customer was just seen: surely alive.
    expect(probabilityAlive(smooth, { x: 3, tx: 30, T: 30 })).toBeGreaterThan(
      probabilityAlive(smooth, { x: 3, tx: 2, T: 30 }),
    );
    // Numerical double integrals: seconds of CPU, more on a busy machine (a correctness check, not a timing).
  }, 60_000);

  it("E[Y(t)] grows with t and is zero at t = 0", () => {
    const h = { x: 3, tx: 15, T: 30 };
    expect(expectedPurchases(smooth, h, 0)).toBeCloseTo(0, 10);
    expect(expectedPurchases(smooth, h, 52)).toBeGreaterThan(expectedPurchases(smooth, h, 13));
  });

  it("the fit recovers the parameters of simulated customers", () => {
    const truth: BgNbdParams = { r: 0.8, alpha: 6, a: 1.2, b: 4 };
    const customers = simulateBgNbd(truth, 3000, 52, 7);
    const fit = runToEnd(fitBgNbdSteps(customers));
    expect(fit.converged).toBe(true);
    const total = (p: BgNbdParams) => customers.reduce((s, c) => s + bgnbdLogLikelihood(p, c), 0);
    expect(fit.logLikelihood).toBeGreaterThanOrEqual(total(truth));
    expect(fit.params.r / truth.r).toBeGreaterThan(0.7);
    expect(fit.params.r / truth.r).toBeLessThan(1.4);
    expect(fit.params.alpha / truth.alpha).toBeGreaterThan(0.6);
    expect(fit.params.alpha / truth.alpha).toBeLessThan(1.6);
  });

  it("a refit started from the previous parameters reaches the cold start's optimum", () => {
    const customers = simulateBgNbd({ r: 0.8, alpha: 6, a: 1.2, b: 4 }, 2000, 52, 11);
    const cold = runToEnd(fitBgNbdSteps(customers));
    // The previous day's parameters: near, not at, today's optimum.
    const previous = { ...cold.params, r: cold.params.r * 1.05, b: cold.params.b * 0.95 };
    const warm = runToEnd(fitBgNbdSteps(customers, previous));
    expect(warm.converged).toBe(true);
    expect(warm.logLikelihood).toBeCloseTo(cold.logLikelihood, 3);
    for (const k of ["r", "alpha"] as const) expect(warm.params[k] / cold.params[k]).toBeCloseTo(1, 2);
  });
});

describe("Gamma-Gamma", () => {
  it("the likelihood equals the integral over the customer's spend rate ν", () => {
    const params = { p: 6, q: 4, gamma: 15 };
    for (const [x, m] of [
      [1, 20],
      [3, 35.5],
      [6, 12],
    ] as const) {
      const direct = integrate(
        (nu) => gammaPdf(nu, params.q, params.gamma) * gammaPdf(m, params.p * x, nu * x),
        0,
        8,
        20000,
      );
      expect(gammaGammaLogLikelihood(params, x, m)).toBeCloseTo(Math.log(direct), 4);
    }
  });

  it("expects a value between the population mean and the customer's own mean", () => {
    const params = { p: 6.25, q: 3.74, gamma: 15.44 }; // the CDNOW estimates
    const population = (params.p * params.gamma) / (params.q - 1);
    const value = expectedOrderValue(params, 5, 100);
    expect(value).toBeGreaterThan(population);
    expect(value).toBeLessThan(100);
  });

  it("the fit recovers p and q from simulated spend", () => {
    const rand = rng(11);
    const truth = { p: 5, q: 4, gamma: 20 };
    const repeat = Array.from({ length: 2000 }, () => {
      const nu = gammaSample(truth.q, rand) / truth.gamma;
      const x = 2 + Math.floor(rand() * 5);
      let total = 0;
      for (let i = 0; i < x; i++) total += gammaSample(truth.p, rand) / nu;
      return { x, m: total / x };
    });
    const fit = runToEnd(fitGammaGammaSteps(repeat));
    expect(fit.params.p / truth.p).toBeGreaterThan(0.75);
    expect(fit.params.p / truth.p).toBeLessThan(1.33);
  });
});

describe("the fit's totals", () => {
  it("are exactly the sums of the customers' likelihoods, in order (the fit's terms per x are shared)", () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const customers: Rfm[] = Array.from({ length: 500 }, () => {
      const T = 1 + rnd() * 100;
      const x = Math.floor(rnd() * 6);
      return { x, tx: x ? rnd() * T : 0, T };
    });
    const buyers = Array.from({ length: 300 }, () => ({ x: 1 + Math.floor(rnd() * 6), m: 500 + rnd() * 9_000 }));
    for (const params of [
      { r: 0.24, alpha: 4.4, a: 0.79, b: 2.4 },
      { r: 1.3, alpha: 12, a: 2.2, b: 0.6 },
    ]) {
      const direct = customers.reduce((s, c) => s + bgnbdLogLikelihood(params, c), 0);
      expect(bgnbdTotalLogLikelihood(params, customers)).toBe(direct);
    }
    for (const params of [
      { p: 6.25, q: 3.74, gamma: 15.4 },
      { p: 1.1, q: 9.2, gamma: 400 },
    ]) {
      const direct = buyers.reduce((s, c) => s + gammaGammaLogLikelihood(params, c.x, c.m), 0);
      expect(gammaGammaTotalLogLikelihood(params, buyers)).toBe(direct);
    }
  });
});

describe("shop model and predictions", () => {
  const DAY = 86_400_000;
  const now = Date.UTC(2026, 5, 1);

  it("uses the labelled simple model below the repeat-buyer minimum", () => {
    const histories: History[] = [
      { id: "a", orderTimes: [now - 200 * DAY, now - 100 * DAY, now - 10 * DAY], orderValuesMinor: [1000, 2000, 3000] },
      { id: "b", orderTimes: [now - 400 * DAY], orderValuesMinor: [5000] },
    ];
    const model = fitShopModel(histories, now);
    expect(model.method).toBe("simple");
    const a = predict(model, histories[0]!, now)!;
    // 3 orders in the last year at an average of 2000.
    expect(a.predicted12mMinor).toBe(6000);
    expect(a.pNoPurchase90).toBeCloseTo(Math.exp((-3 / 365) * 90), 10);
    expect(a.expectedNextOrderAt).toBe(now - 10 * DAY + 95 * DAY);
    const b = predict(model, histories[1]!, now)!;
    expect(b.churnRisk).toBe("High");
    expect(b.predicted12mMinor).toBe(0);
  });

  it("fits BG/NBD + Gamma-Gamma with enough repeat buyers", () => {
    const weeks = simulateBgNbd({ r: 0.8, alpha: 6, a: 1.2, b: 4 }, 600, 52, 3);
    const histories: History[] = weeks.map((c, i) => {
      const start = now - c.T * 7 * DAY;
      const times = [start];
      for (let k = 1; k <= c.x; k++) times.push(start + ((c.tx * k) / c.x) * 7 * DAY);
      return { id: `c${i}`, orderTimes: times, orderValuesMinor: times.map((_, k) => 2000 + ((i + k) % 5) * 500) };
    });
    const model = fitShopModel(histories, now);
    expect(model.method).toBe("bgnbd");
    const p = predict(
      model,
      histories.find((h) => h.orderTimes.length > 3)!,
      now,
    )!;
    expect(p.method).toBe("bgnbd");
    expect(p.predicted12mMinor).toBeGreaterThan(0);
    expect(p.pNoPurchase90).toBeGreaterThan(0);
    expect(p.pNoPurchase90).toBeLessThan(1);
  });

  it("classifies churn risk by P(no purchase in 90 days)", () => {
    expect(churnRiskOf(0.85)).toBe("High");
    expect(churnRiskOf(0.8)).toBe("High");
    expect(churnRiskOf(0.6)).toBe("Medium");
    expect(churnRiskOf(0.2)).toBe("Low");
  });
});

// ── Simulation helpers (seeded) ──

function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function normal(rand: () => number) {
  return Math.sqrt(-2 * Math.log(rand() || 1e-12)) * Math.cos(2 * Math.PI * rand());
}

/** Marsaglia–Tsang, with the shape < 1 boost. Rate 1. */
function gammaSample(shape: number, rand: () => number): number {
  if (shape < 1) return gammaSample(shape + 1, rand) * Math.pow(rand() || 1e-12, 1 / shape);
  const d = shape - 1 / 3;
  const c = 1 / Math.sqrt(9 * d);
  for (;;) {
    const z = normal(rand);
    const v = (1 + c * z) ** 3;
    if (v <= 0) continue;
    const u = rand();
    if (Math.log(u || 1e-12) < 0.5 * z * z + d - d * v + d * Math.log(v)) return d * v;
  }
}

/** Customers drawn from the BG/NBD story over `weeks` weeks of observation. */
function simulateBgNbd({ r, alpha, a, b }: BgNbdParams, n: number, weeks: number, seed: number): Rfm[] {
  const rand = rng(seed);
  return Array.from({ length: n }, () => {
    const lambda = gammaSample(r, rand) / alpha;
    const g1 = gammaSample(a, rand);
    const p = g1 / (g1 + gammaSample(b, rand));
    const T = weeks * (0.5 + rand() * 0.5);
    let t = 0;
    let x = 0;
    let tx = 0;
    for (;;) {
      t += -Math.log(rand() || 1e-12) / lambda;
      if (t > T) break;
      x++;
      tx = t;
      if (rand() < p) break;
    }
    return { x, tx, T };
  });
}
