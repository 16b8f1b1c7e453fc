// One process's CPU time per server-rendered /dashboard through the built app's request
// handler wrapped in the entry's observeRequest, exactly as scripts/serve.mjs runs it; the
// recording is on or off by TELEMETRY in the environment. Sequential requests and
// process.cpuUsage, so other load on the machine counts far less than in requests/s.
//   tsx bench/telemetry-cpu.ts <server build> <requests> <warm-up>
import { pathToFileURL } from "node:url";
import { printResult } from "./lib";

const [serverBuild, requests = "400", warmup = "40"] = process.argv.slice(2);
const { createRequestHandler } = await import("@remix-run/node");
const build = await import(pathToFileURL(serverBuild).href);
const handler = createRequestHandler(build, "production");
const observe: (request: Request, handle: () => Promise<Response>) => Promise<Response> =
  build.entry.module.observeRequest;
const render = async () => {
  const request = new Request("http://127.0.0.1/dashboard");
  const res = await observe(request, () => handler(request));
  await res.text();
  if (res.status !== 200) throw new Error(`/dashboard answered ${res.status}`);
};
for (let i = 0; i < Number(warmup); i++) await render();
const n = Number(requests);
const cpu0 = process.cpuUsage();
for (let i = 0; i < n; i++) await render();
const cpu = process.cpuUsage(cpu0);
printResult({ requests: n, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / n });
process.exit(0);
