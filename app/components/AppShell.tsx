// The admin frame: sidebar, mobile menu, header with search, notifications and
// the signed-in store, plus the demo banner. Polaris throughout.
import { Banner, Box, Frame, TopBar, ActionList, Text } from "@shopify/polaris";
import { NotificationIcon } from "@shopify/polaris-icons";
import { useLocation, useNavigate } from "@remix-run/react";
import { useCallback, useMemo, useState, type ReactNode } from "react";
import { AppNavigation } from "~/components/AppNavigation";
import { ALL_NAV } from "~/components/navigation";

export type Notification = { id: string; content: string; url?: string };

export type ShellProps = {
  storeName: string;
  planLabel: string;
  staffName: string;
  staffInitials: string;
  demo: boolean;
  notifications: Notification[];
  children: ReactNode;
};

export function AppShell({
  storeName,
  planLabel,
  staffName,
  staffInitials,
  demo,
  notifications,
  children,
}: ShellProps) {
  const location = useLocation();
  const navigate = useNavigate();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  const [notificationsOpen, setNotificationsOpen] = useState(false);
  const [search, setSearch] = useState("");

  const closeMobileNav = useCallback(() => setMobileNavOpen(false), []);
  const toggleMobileNav = useCallback(() => setMobileNavOpen((open) => !open), []);

  const searchResults = useMemo(() => {
    const q = search.trim().toLowerCase();
    if (!q) return [];
    return ALL_NAV.filter((item) => item.label.toLowerCase().includes(q)).map((item) => ({
      content: item.label,
      onAction: () => {
        setSearch("");
        navigate(item.url);
      },
    }));
  }, [search, navigate]);

  const topBar = (
    <TopBar
      showNavigationToggle
      onNavigationToggle={toggleMobileNav}
      searchField={
        <TopBar.SearchField placeholder="Search insights..." value={search} onChange={setSearch} showFocusBorder />
      }
      searchResultsVisible={search.trim().length > 0}
      searchResults={
        <ActionList
          items={searchResults.length ? searchResults : [{ content: "No matching screens", disabled: true }]}
        />
      }
      onSearchResultsDismiss={() => setSearch("")}
      secondaryMenu={
        <TopBar.Menu
          activatorContent={
            <span
              style={{ position: "relative", display: "inline-flex" }}
              aria-label={`Notifications (${notifications.length})`}
            >
              <NotificationIcon width={20} height={20} fill="currentColor" aria-hidden />
              {notifications.length > 0 && (
                <span
                  data-testid="notification-dot"
                  style={{
                    position: "absolute",
                    top: -2,
                    right: -2,
                    width: 8,
                    height: 8,
                    borderRadius: 4,
                    background: "#e51c00",
                  }}
                />
              )}
            </span>
          }
          open={notificationsOpen}
          onOpen={() => setNotificationsOpen(true)}
          onClose={() => setNotificationsOpen(false)}
          actions={[
            {
              title: "Notifications",
              items: notifications.length
                ? notifications.map((n) => ({ content: n.content, url: n.url }))
                : [{ content: "You're all caught up" }],
            },
          ]}
        />
      }
      userMenu={
        <TopBar.UserMenu
          name={storeName}
          detail={planLabel}
          initials={staffInitials}
          open={userMenuOpen}
          onToggle={() => setUserMenuOpen((o) => !o)}
          actions={[{ items: [{ content: `Signed in as ${staffName}` }] }]}
        />
      }
    />
  );

  const navigation = <AppNavigation pathname={location.pathname} onNavigate={closeMobileNav} />;

  return (
    <Frame
      topBar={topBar}
      navigation={navigation}
      showMobileNavigation={mobileNavOpen}
      onNavigationDismiss={closeMobileNav}
      skipToContentTarget={undefined}
    >
      {demo && (
        <Box padding="400" paddingBlockEnd="0">
          <Banner title="Demo store" tone="info">
            <Text as="p">
              You are looking at a demo store with generated data. No Shopify store is connected and nothing is charged.
            </Text>
          </Banner>
        </Box>
      )}
      {children}
    </Frame>
  );
}
