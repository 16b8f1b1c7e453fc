// The features page pictures real screens: every screenshot it names is in public/screenshots/
// (written by scripts/capture-screenshots.mjs) at the size the page declares.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { FEATURE_BLOCKS, FEATURES_COMING_SOON, SCREENSHOT_SIZE } from "~/content/features";
import { CONTACT_FAQS } from "~/content/contact";
import { STATS } from "~/content/landing";
import { SITE } from "~/content/site";

/** Width and height from a WebP file's header (lossy VP8, lossless VP8L or extended VP8X). */
function webpSize(file: Buffer): { width: number; height: number } {
  if (file.toString("ascii", 0, 4) !== "RIFF" || file.toString("ascii", 8, 12) !== "WEBP") throw new Error("not WebP");
  const chunk = file.toString("ascii", 12, 16);
  if (chunk === "VP8 ") return { width: file.readUInt16LE(26) & 0x3fff, height: file.readUInt16LE(28) & 0x3fff };
  if (chunk === "VP8X") return { width: file.readUIntLE(24, 3) + 1, height: file.readUIntLE(27, 3) + 1 };
  if (chunk === "VP8L") {
    const bits = file.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  throw new Error(`unknown WebP chunk ${chunk}`);
}

describe("features page", () => {
  it("has six blocks of five benefits, each with its own screenshot and description", () => {
    expect(FEATURE_BLOCKS).toHaveLength(6);
    expect(FEATURE_BLOCKS.every((b) => b.benefits.length === 5)).toBe(true);
    expect(new Set(FEATURE_BLOCKS.map((b) => b.screenshot.src)).size).toBe(6);
    for (const block of FEATURE_BLOCKS) expect(block.screenshot.alt.length, block.id).toBeGreaterThan(40);
    expect(FEATURES_COMING_SOON.length).toBeGreaterThan(0);
  });

  it("every screenshot is a WebP file of the declared size in public/", () => {
    for (const block of FEATURE_BLOCKS) {
      const file = path.join(process.cwd(), "public", block.screenshot.src);
      expect(fs.existsSync(file), file).toBe(true);
      expect(webpSize(fs.readFileSync(file)), block.screenshot.src).toEqual(SCREENSHOT_SIZE);
    }
  });

  it("describes what works and lists as coming only what does not exist", () => {
    expect(FEATURE_BLOCKS.map((b) => b.id)).toEqual(expect.arrayContaining(["customers", "inventory", "loyalty"]));
    const coming = FEATURES_COMING_SOON.map((c) => c.title.toLowerCase()).join(" ");
    expect(coming).not.toMatch(/customer|loyalty|inventory/);
  });
});

describe("support hours", () => {
  it("are one promise on the home page and the contact page", () => {
    const support = STATS.find((s) => /support/i.test(s.label))!;
    expect(`${support.value} ${support.label}`).not.toMatch(/24\/7/);
    expect(support.value).toBe(SITE.supportHoursShort.days);
    expect(JSON.stringify(CONTACT_FAQS)).toContain(SITE.supportHours);
  });
});
