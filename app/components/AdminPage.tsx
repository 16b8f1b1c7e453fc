// Every admin screen's page header: title, back button (history, else home) and the Live badge.
import { Badge, Page, type PageProps } from "@shopify/polaris";
import { useNavigate } from "@remix-run/react";

export function AdminPage({
  title = "Analytics Dashboard",
  children,
  ...rest
}: Omit<PageProps, "backAction" | "titleMetadata">) {
  const navigate = useNavigate();
  return (
    <Page
      title={title}
      backAction={{
        content: "Back",
        onAction: () => {
          // Remix keeps an index in history.state; 0 means this is the first page of the visit.
          const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
          if (idx > 0) navigate(-1);
          else navigate("/");
        },
      }}
      titleMetadata={<Badge tone="success">Live</Badge>}
      {...rest}
    >
      {children}
    </Page>
  );
}
