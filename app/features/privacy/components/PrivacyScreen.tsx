// The Privacy & GDPR screen (admin-and-public.md §2 screen 8): Settings, the compliance score,
// active requests and last audit, then the tabs Overview, Data Requests, Compliance, Policies.
import { useNavigation, useSearchParams } from "@remix-run/react";
import { BlockStack, Box, Card, InlineGrid, SkeletonBodyText, Tabs, Text } from "@shopify/polaris";
import { useState } from "react";
import { AdminPage } from "~/components/AdminPage";
import { useDisabledReason, DisabledReason } from "~/features/team";
import type { PrivacyScreenData } from "~/features/privacy/screen.server";
import { PRIVACY_TABS, TAB_LABELS } from "~/features/privacy/tabs";
import { ComplianceTab } from "./ComplianceTab";
import { OverviewTab } from "./OverviewTab";
import { PoliciesTab } from "./PoliciesTab";
import { RequestsTab } from "./RequestsTab";
import { ReportDialog } from "./ReportDialog";
import { SettingsDialog } from "./SettingsDialog";

function Figure({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Card>
      <BlockStack gap="100">
        <Text as="h2" variant="bodySm" tone="subdued">
          {label}
        </Text>
        <Text as="p" variant="headingLg">
          {value}
        </Text>
        {note && (
          <Text as="p" variant="bodySm" tone="subdued">
            {note}
          </Text>
        )}
      </BlockStack>
    </Card>
  );
}

export function PrivacyScreen(data: PrivacyScreenData) {
  const { tab, status } = data;
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [reportOpen, setReportOpen] = useState(false);
  const reportReason = useDisabledReason("viewAudit", "generate the report (it includes the audit log)");
  const reason = useDisabledReason("write", "change privacy settings or act on requests");
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/privacy";
  const selected = PRIVACY_TABS.indexOf(tab);
  return (
    <AdminPage
      title="Privacy & GDPR"
      subtitle="Data requests on one clock, by the law that governs each"
      primaryAction={{ content: "Generate Report", onAction: () => setReportOpen(true), disabled: !!reportReason }}
      secondaryActions={[{ content: "Settings", onAction: () => setSettingsOpen(true), disabled: !!reason }]}
    >
      <BlockStack gap="400">
        {/* On a phone the cards reach the screen's edges; the line keeps the cards' inner margin. */}
        {reason && (
          <Box paddingInline={{ xs: "400", sm: "0" }}>
            <DisabledReason reason={reason} />
          </Box>
        )}
        <InlineGrid columns={{ xs: 1, sm: 3 }} gap="400">
          <Figure label="Compliance score" value={`${status.score}%`} note="Items done of those required" />
          <Figure
            label="Active requests"
            value={String(status.pendingRequests)}
            note={status.overdueRequests ? `${status.overdueRequests} overdue` : "None overdue"}
          />
          <Figure label="Last audit" value={status.lastAudit ?? "Never"} note="Last recorded privacy action" />
        </InlineGrid>
        <Card padding="0">
          <Tabs
            tabs={PRIVACY_TABS.map((t) => ({ id: t, content: TAB_LABELS[t], panelID: `privacy-${t}` }))}
            selected={selected}
            onSelect={(i) => setSearchParams(i === 0 ? {} : { tab: PRIVACY_TABS[i]! }, { preventScrollReset: true })}
          />
        </Card>
        {loading ? (
          <Card>
            <SkeletonBodyText lines={6} />
          </Card>
        ) : tab === "overview" ? (
          <OverviewTab {...data} />
        ) : tab === "requests" ? (
          <RequestsTab {...data} />
        ) : tab === "compliance" ? (
          <ComplianceTab {...data} />
        ) : (
          <PoliciesTab {...data} />
        )}
      </BlockStack>
      {reportOpen && <ReportDialog period={data.report} onClose={() => setReportOpen(false)} />}
      {settingsOpen && <SettingsDialog settings={data.settings} onClose={() => setSettingsOpen(false)} />}
    </AdminPage>
  );
}
