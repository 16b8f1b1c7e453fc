// Every admin screen's page header: title (the page's one h1), back button and the Live badge.
// Back returns to the previous admin page of this visit, else to the dashboard: after a full
// page load there is no such page, and history would leave the app (docs/product/admin-shell.md#back).
import { Badge, Page, type PageProps } from "@shopify/polaris";
import { useLocation, useNavigate } from "@remix-run/react";
import { BACK_FALLBACK, hasInAppPrevious } from "~/components/navigation";

export function AdminPage({
  title = "Analytics Dashboard",
  children,
  ...rest
}: Omit<PageProps, "backAction" | "titleMetadata">) {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <Page
      title={title}
      backAction={{
        content: "Back",
        accessibilityLabel: "Back",
        onAction: () => (hasInAppPrevious(location.key) ? navigate(-1) : navigate(BACK_FALLBACK)),
      }}
      titleMetadata={<Badge tone="success">Live</Badge>}
      {...rest}
    >
      {children}
    </Page>
  );
}
