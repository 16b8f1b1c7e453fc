// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from "vitest";
import { hasInAppPrevious, rememberInAppEntry } from "~/components/navigation";

beforeEach(() => window.sessionStorage.clear());

describe("in-app history for the back arrow", () => {
  it("knows only the entries reached from an admin page", () => {
    expect(hasInAppPrevious("abc123")).toBe(false);
    rememberInAppEntry("abc123");
    expect(hasInAppPrevious("abc123")).toBe(true);
    expect(hasInAppPrevious("other")).toBe(false);
  });

  it("never treats the first page of a visit (key 'default') as having one", () => {
    rememberInAppEntry("default");
    expect(hasInAppPrevious("default")).toBe(false);
  });

  it("survives unreadable storage and keeps a bounded list", () => {
    window.sessionStorage.setItem("pp.admin-history", "{not json");
    expect(hasInAppPrevious("x")).toBe(false);
    rememberInAppEntry("x");
    expect(hasInAppPrevious("x")).toBe(true);
    for (let i = 0; i < 250; i++) rememberInAppEntry(`k${i}`);
    expect(hasInAppPrevious("x")).toBe(false);
    expect(hasInAppPrevious("k249")).toBe(true);
  });
});
