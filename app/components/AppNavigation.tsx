// The admin sidebar (and mobile menu): the screens in navigation.ts, the selected one
// highlighted, and Back to Home.
import { Navigation } from "@shopify/polaris";
import { ArrowLeftIcon, CashDollarIcon, ChartVerticalIcon, HomeIcon, ReceiptDollarIcon } from "@shopify/polaris-icons";
import { PRIMARY_NAV, SECONDARY_NAV } from "~/components/navigation";

const ICONS: Record<string, typeof HomeIcon> = {
  "/dashboard": HomeIcon,
  "/costs": CashDollarIcon,
  "/app/invoices": ReceiptDollarIcon,
};

export function AppNavigation({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  const isSelected = (url: string) => pathname === url || pathname.startsWith(`${url}/`);
  return (
    <Navigation location={pathname}>
      <Navigation.Section
        items={PRIMARY_NAV.map((item) => ({
          label: item.label,
          url: item.url,
          icon: ICONS[item.url] ?? ChartVerticalIcon,
          selected: isSelected(item.url),
          onClick: onNavigate,
        }))}
      />
      {SECONDARY_NAV.length > 0 && (
        <Navigation.Section
          separator
          items={SECONDARY_NAV.map((item) => ({
            label: item.label,
            url: item.url,
            selected: isSelected(item.url),
            onClick: onNavigate,
          }))}
        />
      )}
      <Navigation.Section
        separator
        items={[{ label: "Back to Home", url: "/", icon: ArrowLeftIcon, onClick: onNavigate }]}
      />
    </Navigation>
  );
}
