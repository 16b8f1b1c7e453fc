// Work written as a generator that pauses (yields) between its steps: run to its end at once, or
// driven by an async caller that lets the event loop run at each pause (a long computation on a
// server that keeps answering requests meanwhile).

/** Runs the steps to their end and returns what they return. */
export function runToEnd<T>(steps: Generator<void, T, void>): T {
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Lets the event loop run (between two batches of a whole-shop job: on SQLite every statement
 * completes synchronously, so without it a long run would hold off requests until it ends).
 */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Runs the steps to their end, letting the event loop run at a pause once `sliceMs` has passed
 * since the last time it ran (pausing at every step would cost more than the steps themselves).
 */
export async function runYielding<T>(steps: Generator<void, T, void>, sliceMs = 10): Promise<T> {
  let since = performance.now();
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    if (performance.now() - since >= sliceMs) {
      await nextTurn();
      since = performance.now();
    }
  }
}
