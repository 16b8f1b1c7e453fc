import { describe, expect, it } from "vitest";
import { withLinksInNewTab } from "~/platform/mail-preview";

describe("outbox preview HTML", () => {
  it("puts a base target _blank first in the head", () => {
    expect(
      withLinksInNewTab('<html><head><title>x</title></head><body><a href="https://a.example">a</a></body></html>'),
    ).toBe(
      '<html><head><base target="_blank"><title>x</title></head><body><a href="https://a.example">a</a></body></html>',
    );
  });

  it("adds a head when the message has none (the invoice e-mails have none)", () => {
    expect(withLinksInNewTab("<!doctype html><html><body>hi</body></html>")).toBe(
      '<!doctype html><html><head><base target="_blank"></head><body>hi</body></html>',
    );
    expect(withLinksInNewTab("<!doctype html><p>hi</p>")).toBe('<!doctype html><base target="_blank"><p>hi</p>');
    expect(withLinksInNewTab("<p>hi</p>")).toBe('<base target="_blank"><p>hi</p>');
  });

  it("replaces a base the message brought, so links cannot be pointed back into the frame", () => {
    const html = withLinksInNewTab('<html><head><BASE href="https://evil.example" target="_self"></head></html>');
    expect(html).toBe('<html><head><base target="_blank"></head></html>');
  });
});
