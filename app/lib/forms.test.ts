import { describe, expect, it } from "vitest";
import { NOT_A_FORM_MESSAGE, readForm } from "~/lib/forms";

const post = (body: string, type = "application/x-www-form-urlencoded") =>
  new Request("http://localhost/x", { method: "POST", body, headers: { "Content-Type": type } });

describe("readForm", () => {
  it("reads a form, empty fields left out of values", async () => {
    const read = await readForm(post("intent=add&name=Mug&note="));
    expect(read).toMatchObject({ ok: true, values: { intent: "add", name: "Mug" } });
  });

  it("refuses a body that is not a form", async () => {
    for (const request of [post('{"intent":"add"}', "application/json"), post("intent=add", "text/plain")])
      expect(await readForm(request)).toEqual({ ok: false, fieldErrors: { _form: [NOT_A_FORM_MESSAGE] } });
  });

  it("refuses a NUL or a lone surrogate in any value or name, at that field", async () => {
    expect(await readForm(post("name=a%00b&sku=ok"))).toEqual({
      ok: false,
      fieldErrors: { name: [expect.any(String)] },
    });
    expect(await readForm(post("n%00ame=x"))).toMatchObject({ ok: false });
    const form = new FormData();
    form.append("title", "x\uD800y");
    const request = new Request("http://localhost/x", { method: "POST", body: form });
    // On the wire a lone surrogate becomes U+FFFD, which is storable: what arrives is accepted.
    expect(await readForm(request)).toMatchObject({ ok: true, values: { title: "x\uFFFDy" } });
  });
});
