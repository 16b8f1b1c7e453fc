// The production server's body writer: backpressure, order, and a client that goes away.
import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BODY_LIMITS, bodyLimitFor, writeBody } from "./body-limits.mjs";
import { CSV_IMPORT_MAX_BYTES } from "~/lib/csv-limits";

/** A response-like writable whose socket takes nothing until `release()`. */
function slowResponse(highWaterMark = 1024) {
  const received: Buffer[] = [];
  let pending: (() => void)[] = [];
  let flowing = false;
  const res = new Writable({
    highWaterMark,
    write(chunk, _encoding, callback) {
      received.push(Buffer.from(chunk));
      if (flowing) callback();
      else pending.push(() => callback());
    },
  });
  /** The socket takes what waits now, and stays slow. */
  const releasePending = () => {
    const now = pending;
    pending = [];
    for (const done of now) done();
  };
  const release = () => {
    flowing = true;
    releasePending();
  };
  return { res, received, release, releasePending };
}

/** A body that produces chunks synchronously on every pull, counting the pulls. */
function countingBody(chunks: number, size: number) {
  let pulls = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulls++;
      if (pulls > chunks) controller.close();
      else controller.enqueue(new Uint8Array(size).fill(pulls));
    },
    cancel() {
      cancelled = true;
    },
  });
  return { body, pulls: () => pulls, cancelled: () => cancelled };
}

describe("writeBody", () => {
  it("reads the next chunk only when the response has taken the last: the body is never buffered whole", async () => {
    const { res, received, release } = slowResponse();
    const producer = countingBody(50, 4096);
    const writing = writeBody(res, producer.body);
    await new Promise((r) => setTimeout(r, 50));
    // One chunk written and waiting for "drain", one more queued by the stream: not fifty.
    expect(producer.pulls()).toBeLessThanOrEqual(3);
    release();
    await writing;
    expect(received).toHaveLength(50);
    expect(received.map((b) => b[0])).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    expect(res.writableEnded).toBe(true);
  });

  it("stops reading and cancels the body when the client goes away", async () => {
    const { res } = slowResponse();
    const producer = countingBody(1000, 4096);
    const writing = writeBody(res, producer.body);
    await new Promise((r) => setTimeout(r, 20));
    res.destroy();
    await writing;
    expect(producer.cancelled()).toBe(true);
    expect(producer.pulls()).toBeLessThan(10);
  });

  it("adds one drain listener per response, as compression (which forwards them to its zlib stream) needs", async () => {
    const { res, received, releasePending } = slowResponse();
    // compression's patch: "drain" listeners go to the compressor, and removing them from the response does not.
    const forwarded: unknown[] = [];
    const on = res.on.bind(res);
    res.on = ((type: string, listener: (...args: unknown[]) => void) => {
      if (type === "drain") forwarded.push(listener);
      return on(type, listener);
    }) as typeof res.on;
    const producer = countingBody(50, 4096);
    const writing = writeBody(res, producer.body);
    const timer = setInterval(releasePending, 1);
    await writing;
    clearInterval(timer);
    expect(received).toHaveLength(50);
    expect(forwarded).toHaveLength(1);
  });
});

describe("bodyLimitFor", () => {
  it("lets the CSV import routes take a whole file up to the import's cap, and no other page", () => {
    for (const path of ["/costs/ad-spend", "/costs/ad-spend.data", "/costs/product-costs", "/costs/product-costs.data"])
      expect(bodyLimitFor(path)).toBe(BODY_LIMITS.csvImport);
    expect(BODY_LIMITS.csvImport).toBeGreaterThan(CSV_IMPORT_MAX_BYTES);
    expect(bodyLimitFor("/costs")).toBe(BODY_LIMITS.default);
    expect(bodyLimitFor("/costs/ad-spend/x")).toBe(BODY_LIMITS.default);
  });
});
