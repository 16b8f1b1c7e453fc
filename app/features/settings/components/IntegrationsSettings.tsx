// Settings → Integrations: one card per integration with its status, last sync and last
// error, computed from the shop's data (integrations.server.ts). Connect Now on the public
// /integrations page links to `#integration-<id>`: that card is outlined and focused.
import { Badge, BlockStack, Card, InlineStack, Link, Text } from "@shopify/polaris";
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type ReactNode } from "react";
import { INTEGRATIONS } from "~/content/integrations";
import type { IntegrationStatus, IntegrationView, IntegrationsView } from "~/features/settings/integration-status";
import { ShopifyAccess } from "~/features/settings/components/ShopifyAccess";
import { AdPlatformControls } from "~/features/ad-platforms";

/** integrationsView(): the tab's rows with their times and errors as text, made on the server. */
export type IntegrationsData = IntegrationsView;

const STATUS: Record<IntegrationStatus, { label: string; tone?: "success" | "attention" | "critical" }> = {
  connected: { label: "Connected", tone: "success" },
  pending: { label: "Pending", tone: "attention" },
  disconnected: { label: "Disconnected" },
};

export const rowAnchor = (id: string) => `integration-${id}`;

function IntegrationCard({
  row,
  targeted,
  children,
}: {
  row: IntegrationView;
  targeted: boolean;
  children?: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  // Arriving from Connect Now: bring the row into view and move focus to it.
  useEffect(() => {
    const el = ref.current;
    if (!targeted || !el) return;
    el.focus({ preventScroll: true });
    const bring = () => el.scrollIntoView({ block: "start" });
    bring();
    // The cards above may still be settling in the next frames (the browser measured the row
    // 176 px lower with an ad platform connected): bring it again then, unless the user scrolls.
    const events = ["wheel", "touchmove", "keydown"] as const;
    const stop = () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      for (const e of events) window.removeEventListener(e, stop);
    };
    for (const e of events) window.addEventListener(e, stop, { passive: true });
    const frame = requestAnimationFrame(() => requestAnimationFrame(bring));
    const timer = setTimeout(bring, 500);
    return stop;
  }, [targeted]);
  const status = STATUS[row.status];
  return (
    <div
      ref={ref}
      id={rowAnchor(row.id)}
      tabIndex={-1}
      data-status={row.status}
      aria-current={targeted ? "location" : undefined}
      aria-labelledby={`${rowAnchor(row.id)}-name`}
      role="region"
      style={{
        borderRadius: "var(--p-border-radius-300)",
        outline: targeted ? "var(--p-border-width-050) solid var(--p-color-border-focus)" : undefined,
        outlineOffset: 2,
        scrollMarginTop: 72,
      }}
    >
      <Card>
        <BlockStack gap="300">
          <BlockStack gap="100">
            <InlineStack gap="200" blockAlign="center" align="start">
              <Text as="h2" variant="headingSm" id={`${rowAnchor(row.id)}-name`}>
                {row.name}
              </Text>
              <Badge tone={status.tone}>{status.label}</Badge>
            </InlineStack>
            <Text as="p" tone="subdued">
              {row.description}
            </Text>
          </BlockStack>
          <Text as="p">{row.detail}</Text>
          <InlineStack gap="400" align="start">
            <Text as="p" variant="bodySm">
              <Text as="span" tone="subdued" variant="bodySm">
                {row.lastSyncLabel}:
              </Text>{" "}
              {row.lastSyncText}
            </Text>
            <Text as="p" variant="bodySm">
              <Text as="span" tone="subdued" variant="bodySm">
                Last error:
              </Text>{" "}
              {row.lastErrorText ? (
                <Text as="span" tone="critical" variant="bodySm">
                  {row.lastErrorText}
                </Text>
              ) : (
                "None"
              )}
            </Text>
          </InlineStack>
          {row.setup && (
            <Text as="p">
              <Link url={row.setup.url}>{row.setup.label}</Link>
            </Text>
          )}
          {children}
        </BlockStack>
      </Card>
    </div>
  );
}

const comingSoon = INTEGRATIONS.filter((i) => i.status === "Coming Soon");

export function IntegrationsSettings({ integrations }: { integrations: IntegrationsData }) {
  const { hash } = useLocation();
  return (
    <BlockStack gap="400">
      {integrations.rows.map((row) => (
        <IntegrationCard key={row.id} row={row} targeted={hash === `#${rowAnchor(row.id)}`}>
          {row.id === "shopify" && (
            <>
              <Text as="p" tone="subdued" variant="bodySm">
                Shopify Plus: expansion stores are included in this connection when your store is on Shopify Plus.
              </Text>
              <ShopifyAccess details={integrations} />
            </>
          )}
          {row.ads && <AdPlatformControls data={row.ads} />}
        </IntegrationCard>
      ))}
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingSm">
            Coming soon
          </Text>
          <Text as="p" tone="subdued">
            {comingSoon.map((i) => i.name).join(", ")}. <Link url="/integrations">See all integrations</Link>
          </Text>
        </BlockStack>
      </Card>
    </BlockStack>
  );
}
