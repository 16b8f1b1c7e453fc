// Server-rendered /dashboard under load: autocannon against the running server.
import autocannon from "autocannon";

export type HttpResult = {
  path: string;
  connections: number;
  durationS: number;
  requestsPerSecond: number;
  latencyMedianMs: number;
  latencyP99Ms: number;
  total2xx: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerRequest: number;
};

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  throughput: { total: number };
  "2xx": number;
  non2xx: number;
  errors: number;
  timeouts: number;
  duration: number;
};

// What a browser sends, so any response compression the server does is paid for here too.
const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
};

export async function loadTest(
  baseUrl: string,
  path: string,
  durationS: number,
  connections: number,
  warmupS = 2,
): Promise<HttpResult> {
  // A warm-up so the JIT and SQLite page cache are hot in every worker.
  if (warmupS > 0) await autocannon({ url: baseUrl + path, connections, duration: warmupS, headers: BROWSER_HEADERS });
  const r = (await autocannon({
    url: baseUrl + path,
    connections,
    duration: durationS,
    headers: BROWSER_HEADERS,
  })) as AutocannonResult;
  const completed = r["2xx"] + r.non2xx;
  return {
    path,
    connections,
    durationS: r.duration,
    requestsPerSecond: r.requests.average,
    latencyMedianMs: r.latency.p50,
    latencyP99Ms: r.latency.p99,
    total2xx: r["2xx"],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerRequest: completed ? Math.round(r.throughput.total / completed) : 0,
  };
}
