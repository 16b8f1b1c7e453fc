import { describe, expect, it } from "vitest";
import { BLOG_CATEGORIES, BLOG_POSTS, featuredPost, latestPosts, postBySlug, recentPosts } from "~/content/blog";
import { JOBS, applyHref } from "~/content/careers";
import { contactEmail, missingContactFields, EMPTY_CONTACT } from "~/content/contact";
import { DATA_CATEGORIES, GDPR_RIGHTS } from "~/content/gdpr";
import { INTEGRATIONS, INTEGRATION_CATEGORIES, connectHref } from "~/content/integrations";
import { PRIVACY_SECTIONS, TERMS_SECTIONS } from "~/content/legal";
import { CERTIFICATIONS, INCIDENT_HISTORY, SECURITY_FEATURES } from "~/content/security";
import { FOOTER_COLUMNS, LANDING_NAV, mailto } from "~/content/site";
import { SI_CAPABILITIES, SI_REMINDER_DAYS, SI_STEPS, SI_USE_CASES } from "~/content/smart-invoicing";
import { STATS, FEATURE_CARDS, TESTIMONIALS } from "~/content/landing";
import { FEATURE_BLOCKS } from "~/content/features";
import { TEAM, TIMELINE, VALUES } from "~/content/about";

describe("contact e-mail", () => {
  it("defaults the subject to Contact Request and the company to N/A", () => {
    const { subject, body } = contactEmail({
      ...EMPTY_CONTACT,
      firstName: "Ana",
      email: "ana@example.com",
      message: "Hi",
    });
    expect(subject).toBe("Contact Request");
    expect(body).toContain("Company: N/A");
    expect(body).toContain("Name: Ana");
    expect(contactEmail({ ...EMPTY_CONTACT, subject: "Partnership" }).subject).toBe("Partnership");
  });
  it("requires first name, e-mail and message", () => {
    expect(missingContactFields({ ...EMPTY_CONTACT, firstName: "Ana", email: "a@b.co", message: " " })).toBe(true);
    expect(missingContactFields({ ...EMPTY_CONTACT, firstName: "Ana", email: "a@b.co", message: "x" })).toBe(false);
  });
  it("encodes spaces as %20 in mailto links", () => {
    expect(mailto("a@b.co", "Contact Request", "Line 1\nLine 2")).toBe(
      "mailto:a@b.co?subject=Contact%20Request&body=Line%201%0ALine%202",
    );
  });
});

describe("blog", () => {
  it("has one featured post, five latest, three recent and a filter that filters", () => {
    expect(BLOG_POSTS.filter((p) => p.featured)).toHaveLength(1);
    expect(latestPosts()).toHaveLength(5);
    expect(latestPosts()).not.toContain(featuredPost());
    expect(recentPosts()).toHaveLength(3);
    expect(latestPosts("Invoicing").every((p) => p.category === "Invoicing")).toBe(true);
    expect(BLOG_CATEGORIES[0]).toBe("All Posts");
    expect(postBySlug(BLOG_POSTS[2].slug)).toBe(BLOG_POSTS[2]);
    expect(postBySlug("missing")).toBeUndefined();
  });
});

describe("page content matches the spec's counts", () => {
  it("landing, features, smart invoicing", () => {
    expect(STATS).toHaveLength(4);
    expect(FEATURE_CARDS.map((c) => c.cta.to)).toEqual(["/features/smart-invoicing", "/dashboard", "/integrations"]);
    expect(TESTIMONIALS).toHaveLength(3);
    expect(FEATURE_BLOCKS).toHaveLength(6);
    expect(FEATURE_BLOCKS.every((b) => b.benefits.length === 5)).toBe(true);
    expect(SI_CAPABILITIES).toHaveLength(6);
    expect(SI_STEPS).toHaveLength(3);
    expect(SI_REMINDER_DAYS).toEqual([3, 7, 14]);
    expect(SI_STEPS[1].text).toMatch(/3, 7 and 14 days/);
    expect(SI_USE_CASES.map((u) => u.title)).toEqual(["Freelancers", "E-commerce stores", "SaaS"]);
  });
  it("company and legal pages", () => {
    expect(VALUES).toHaveLength(4);
    expect(TEAM).toHaveLength(4);
    expect(TIMELINE.map((t) => t.year)).toEqual(["2023", "2024", "2025"]);
    expect(JOBS).toHaveLength(6);
    expect(applyHref(JOBS[0].title)).toMatch(
      /^mailto:careers@[^?]+\?subject=Application%3A%20Senior%20Full-Stack%20Engineer/,
    );
    expect(PRIVACY_SECTIONS).toHaveLength(5);
    expect(TERMS_SECTIONS).toHaveLength(8);
    expect(DATA_CATEGORIES.map((c) => c.retention)).toEqual([
      "Life of the account plus 7 years",
      "Subscription plus 30 days",
      "2 years",
      "3 years from the last interaction",
    ]);
    expect(GDPR_RIGHTS).toHaveLength(6);
    expect(SECURITY_FEATURES).toHaveLength(6);
    expect(CERTIFICATIONS).toHaveLength(4);
  });
  it("integrations: seven tabs' categories, Connect Now only for available ones, into Settings", () => {
    expect(INTEGRATION_CATEGORIES).toHaveLength(6);
    for (const category of INTEGRATION_CATEGORIES) expect(INTEGRATIONS.some((i) => i.category === category)).toBe(true);
    expect(INTEGRATIONS.filter((i) => i.category === "E-commerce").every((i) => i.status === "Available")).toBe(true);
    expect(connectHref(INTEGRATIONS[0])).toBe("/settings?tab=integrations#integration-shopify");
  });
});

describe("links", () => {
  it("never points at routes that do not exist", () => {
    const targets = [...LANDING_NAV, ...FOOTER_COLUMNS.flatMap((c) => c.links)].map((l) => l.to);
    for (const dead of ["/docs", "/invoices", "/privacy"]) expect(targets).not.toContain(dead);
    expect(targets).toContain("/privacy-policy");
    expect(targets).toContain("/api-docs");
  });
});

describe("certifications", () => {
  it("claims no certificate the product does not hold, and dates none", () => {
    const status = Object.fromEntries(CERTIFICATIONS.map((c) => [c.name, c.status]));
    expect(status).toEqual({
      GDPR: "In place",
      "PCI DSS": "Through Stripe",
      "SOC 2 Type II": "Not certified",
      "ISO/IEC 27001": "Not certified",
    });
    const copy = [...CERTIFICATIONS.map((c) => c.text), INCIDENT_HISTORY.text, ...SECURITY_FEATURES.map((f) => f.text)];
    for (const text of copy) expect(text).not.toMatch(/\b(19|20)\d\d\b|renewal|valid until/i);
  });
});

describe("integrations", () => {
  it("Stripe and PayPal are available (invoices take both), each saying how to turn it on", () => {
    for (const id of ["stripe", "paypal"]) {
      const integration = INTEGRATIONS.find((i) => i.id === id)!;
      expect(integration.status).toBe("Available");
      expect(integration.setup?.link?.to).toBe("/app/invoices/settings");
    }
  });
});
