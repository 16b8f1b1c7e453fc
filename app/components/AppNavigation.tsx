// The admin sidebar (and mobile menu): the screens in navigation.ts, each with its icon,
// the selected one highlighted, and Back to Home.
import { Navigation } from "@shopify/polaris";
import {
  ArrowLeftIcon,
  CashDollarIcon,
  CollectionIcon,
  ChartVerticalIcon,
  HomeIcon,
  PersonIcon,
  InventoryIcon,
  LockIcon,
  MagicIcon,
  ReceiptDollarIcon,
  RewardIcon,
  SettingsIcon,
} from "@shopify/polaris-icons";
import { PRIMARY_NAV, SECONDARY_NAV, type NavItem } from "~/components/navigation";

const ICONS: Record<string, typeof HomeIcon> = {
  "/dashboard": HomeIcon,
  "/analytics": ChartVerticalIcon,
  "/ai-insights": MagicIcon,
  "/customers": PersonIcon,
  "/inventory": InventoryIcon,
  "/costs": CashDollarIcon,
  "/digital-assets": CollectionIcon,
  "/loyalty": RewardIcon,
  "/app/invoices": ReceiptDollarIcon,
  "/privacy": LockIcon,
  "/settings": SettingsIcon,
};

export function AppNavigation({ pathname, onNavigate }: { pathname: string; onNavigate: () => void }) {
  // /insights is the same screen as /ai-insights (core.md §2.1): its entry is selected on either.
  const isSelected = (url: string) =>
    pathname === url || pathname.startsWith(`${url}/`) || (url === "/ai-insights" && pathname === "/insights");
  const entry = (item: NavItem) => ({
    label: item.label,
    url: item.url,
    icon: ICONS[item.url] ?? ChartVerticalIcon,
    selected: isSelected(item.url),
    onClick: onNavigate,
    // Sub-entries (Customers → Campaigns) show under their entry while it is selected.
    subNavigationItems: item.sub?.map((s) => ({ label: s.label, url: s.url, onClick: onNavigate })),
  });
  return (
    <Navigation location={pathname}>
      <Navigation.Section items={PRIMARY_NAV.map(entry)} />
      {SECONDARY_NAV.length > 0 && <Navigation.Section separator items={SECONDARY_NAV.map(entry)} />}
      <Navigation.Section
        separator
        items={[{ label: "Back to Home", url: "/", icon: ArrowLeftIcon, onClick: onNavigate }]}
      />
    </Navigation>
  );
}
