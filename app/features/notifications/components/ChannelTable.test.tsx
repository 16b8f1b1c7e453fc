// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { AppProvider } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_CHANNELS } from "~/features/notifications/events";
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
    expect(screen.queryByRole("checkbox", { name: "Privacy request deadlines by Bell" })).toBeNull();
    expect(screen.getByText("Privacy request deadlines: not in the bell")).toBeTruthy();
    expect(screen.getByText(/Pending requests due within 7 days, by e-mail or Slack/)).toBeTruthy();
    expect(screen.getByRole("checkbox", { name: "Privacy request deadlines by E-mail" })).toBeTruthy();
    expect(screen.getAllByRole("checkbox")).toHaveLength(6 * 3 - 1);
  });
});
