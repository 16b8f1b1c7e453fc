// One authentication per request: Remix hands the layout's and the page's loaders each their own
// copy of the request, and both must get the same context from one authentication, while two
// requests, or a copy carrying an id the server did not give, never share one.
import { beforeAll, describe, expect, it } from "vitest";
import { createShop } from "~tests/factories";
import { installTeam, requestAs } from "~tests/shopify";
import { requireStaff } from "~/features/shop/admin-context.server";
import { TIMING_HEADER, observeRequest } from "~/platform/request-timing.server";

const DOMAIN = "admin-context.myshopify.com";

/** A loader's copy of the request, as Remix makes it (new Request, same URL, copied headers). */
const copyOf = (request: Request) => new Request(request.url, { method: request.method, headers: request.headers });

beforeAll(async () => {
  await installTeam(await createShop({ domain: DOMAIN }));
});

describe("requireStaff", () => {
  it("authenticates a served request once for all of its loaders' copies", async () => {
    const request = await requestAs("viewer", DOMAIN, "/dashboard");
    await observeRequest(request, async () => {
      const [layout, page] = await Promise.all([requireStaff(copyOf(request)), requireStaff(copyOf(request))]);
      expect(page).toBe(layout);
      expect(layout.staff.role).toBe("viewer");
      return new Response("ok");
    });
  });

  it("never shares within a POST: the loaders that follow an action see what it wrote", async () => {
    const request = await requestAs("owner", DOMAIN, "/settings", { method: "POST", body: new URLSearchParams() });
    await observeRequest(request, async () => {
      const action = await requireStaff(copyOf(request));
      const loader = await requireStaff(copyOf(request));
      expect(loader).not.toBe(action);
      return new Response("ok");
    });
  });

  it("never shares between two requests, nor with an id a client made up", async () => {
    const first = await requestAs("owner", DOMAIN, "/dashboard");
    const second = await requestAs("viewer", DOMAIN, "/dashboard");
    let ownerCtx: Awaited<ReturnType<typeof requireStaff>> | null = null;
    await observeRequest(first, async () => {
      ownerCtx = await requireStaff(copyOf(first));
      // The viewer names the owner's request id: it is not one the server gave the viewer's request.
      second.headers.set(TIMING_HEADER, first.headers.get(TIMING_HEADER)!);
      const viewer = await requireStaff(second);
      expect(viewer).not.toBe(ownerCtx);
      expect(viewer.staff.role).toBe("viewer");
      return new Response("ok");
    });
    await observeRequest(second, async () => {
      const ctx = await requireStaff(copyOf(second));
      expect(ctx).not.toBe(ownerCtx);
      expect(ctx.staff.role).toBe("viewer");
      return new Response("ok");
    });
  });
});
