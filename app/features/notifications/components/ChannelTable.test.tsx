// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CHANNELS, NOTIFICATION_EVENTS } from "~/features/notifications/events";
import { ChannelTable } from "~/features/notifications/components/ChannelTable";

afterEach(cleanup);

describe("the Notifications tab's table", () => {
  it("offers every event by e-mail and Slack, and the bell only where it can open a screen, without placeholders", () => {
    render(
      <AppProvider i18n={en}>
        <ChannelTable channels={DEFAULT_CHANNELS} onChange={() => {}} />
      </AppProvider>,
    );
    expect(screen.queryByText(/No screen yet/)).toBeNull();
    // Privacy deadlines open /privacy now, so every event can be in the bell.
    expect(screen.getByRole("checkbox", { name: "Privacy request deadlines by Bell" })).toBeTruthy();
    expect(screen.getByText(/Open requests due within the privacy reminder lead time/)).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Privacy request deadlines by E-mail" })).toBeTruthy();
    // New High-confidence insights open /ai-insights: in the bell too.
    expect(screen.getByRole("checkbox", { name: "AI insights by Bell" })).toBeTruthy();
    expect(screen.getAllByRole("checkbox")).toHaveLength(NOTIFICATION_EVENTS.length * 3);
  });
});
