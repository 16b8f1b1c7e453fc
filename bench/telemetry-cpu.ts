// One process's CPU time per server-rendered /dashboard through the built app's request
// handler wrapped in the entry's observeRequest, exactly as scripts/serve.mjs runs it, with
// the recording on (TELEMETRY=on in the environment) and switched off and on again in
// alternating blocks of requests: each "on" block is compared with the "off" blocks on
// either side of it, so a neighbour's load that drifts during the run hits both alike.
// Sequential requests and process.cpuUsage, so other load on the machine counts far less
// than in requests/s. A block is longer than the recorder's batch (500 samples), so each
// "on" block pays for the batched write its samples cause.
//   tsx bench/telemetry-cpu.ts <server build> <blocks> <requests per block> <warm-up>
import { pathToFileURL } from "node:url";
import { printResult } from "./lib";

const [serverBuild, blocksArg = "12", perBlockArg = "520", warmup = "60"] = process.argv.slice(2);
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

// The observer the composition root set (app/platform/request-timing.server.ts keeps it on globalThis).
const timing = (globalThis as { __requestTiming?: { observer: unknown } }).__requestTiming;
if (!timing?.observer) throw new Error("The recording is off: run with TELEMETRY=on");
const observer = timing.observer;

const perBlock = Number(perBlockArg);
const blocks: { mode: "off" | "on"; cpuMsPerRequest: number }[] = [];
for (let b = 0; b < Number(blocksArg); b++) {
  const mode = b % 2 ? "on" : "off";
  timing.observer = mode === "on" ? observer : null;
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < perBlock; i++) await render();
  const cpu = process.cpuUsage(cpu0);
  blocks.push({ mode, cpuMsPerRequest: (cpu.user + cpu.system) / 1000 / perBlock });
}
// Each "on" block against the mean of its neighbours (the run starts and ends with "off").
const costs: number[] = [];
for (let b = 1; b < blocks.length - 1; b += 2) {
  const off = (blocks[b - 1].cpuMsPerRequest + blocks[b + 1].cpuMsPerRequest) / 2;
  costs.push(blocks[b].cpuMsPerRequest / off - 1);
}
printResult({ blocks, costs });
process.exit(0);
