// Nelder–Mead simplex minimisation: enough for the three- and four-parameter likelihoods
// the lifetime-value models fit (docs/decisions/053-customer-lifetime-value.md), without a dependency.
// Written as steps (one per iteration) so a recompute can let the event loop run during a fit.

export type MinimizeOptions = { maxIterations?: number; tolerance?: number; step?: number };

/** Minimises f from `start`, pausing (yielding) after each iteration. */
export function* nelderMeadSteps(
  f: (x: number[]) => number,
  start: readonly number[],
  { maxIterations = 2000, tolerance = 1e-9, step = 0.5 }: MinimizeOptions = {},
) {
  const n = start.length;
  const safe = (x: number[]) => {
    const v = f(x);
    return Number.isFinite(v) ? v : Number.POSITIVE_INFINITY;
  };
  let simplex: { x: number[]; v: number }[] = [{ x: [...start], v: safe([...start]) }];
  for (let i = 0; i < n; i++) {
    const x = [...start];
    x[i] = x[i]! + step;
    simplex.push({ x, v: safe(x) });
  }
  let iterations = 0;
  let converged = false;
  while (iterations < maxIterations) {
    if (iterations++) yield;
    simplex.sort((a, b) => a.v - b.v);
    const best = simplex[0]!;
    const worst = simplex[n]!;
    if (Math.abs(worst.v - best.v) <= tolerance * (Math.abs(best.v) + tolerance)) {
      converged = true;
      break;
    }
    const centroid = new Array<number>(n).fill(0);
    for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) centroid[j]! += simplex[i]!.x[j]! / n;
    const along = (t: number) => centroid.map((c, j) => c + t * (worst.x[j]! - c));
    const reflected = along(-1);
    const vr = safe(reflected);
    if (vr < best.v) {
      const expanded = along(-2);
      const ve = safe(expanded);
      simplex[n] = ve < vr ? { x: expanded, v: ve } : { x: reflected, v: vr };
    } else if (vr < simplex[n - 1]!.v) {
      simplex[n] = { x: reflected, v: vr };
    } else {
      const contracted = vr < worst.v ? along(-0.5) : along(0.5);
      const vc = safe(contracted);
      if (vc < Math.min(vr, worst.v)) simplex[n] = { x: contracted, v: vc };
      else
        simplex = simplex.map((p, i) => {
          if (i === 0) return p;
          const x = p.x.map((xj, j) => best.x[j]! + 0.5 * (xj - best.x[j]!));
          return { x, v: safe(x) };
        });
    }
  }
  simplex.sort((a, b) => a.v - b.v);
  return { x: simplex[0]!.x, value: simplex[0]!.v, iterations, converged };
}
