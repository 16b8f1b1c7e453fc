// A local HTTP server for a platform stand-in, and a transport that reaches it over real HTTP
// (node:http): the tests block globalThis.fetch, so requests to 127.0.0.1 go through here.
import http from "node:http";
import type { AddressInfo } from "node:net";

type Handler = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
) => Promise<Response>;

export async function serveLocally(handler: Handler): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const body = chunks.length ? Buffer.concat(chunks).toString("utf8") : undefined;
      const url = `http://${req.headers.host}${req.url}`;
      handler(url, { method: req.method ?? "GET", headers, body })
        .then(async (response) => {
          res.writeHead(response.status, Object.fromEntries(response.headers.entries()));
          res.end(await response.text());
        })
        .catch((error: unknown) => {
          res.writeHead(500);
          res.end(String(error));
        });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { base: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** fetch's subset the ad-platform code uses, over node:http to a local server only. */
export function httpTransport(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string },
): Promise<Response> {
  const target = new URL(url);
  if (target.hostname !== "127.0.0.1") return Promise.reject(new Error(`Unexpected network request: ${url}`));
  return new Promise((resolve, reject) => {
    const req = http.request(target, { method: init.method, headers: init.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v));
        const status = res.statusCode ?? 500;
        resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers }));
      });
    });
    req.on("error", reject);
    if (init.body) req.write(init.body);
    req.end();
  });
}
