// The admin frame: sidebar, mobile menu, header with search, notifications and
// the signed-in store, plus the demo banner. Polaris throughout.
import { Banner, Box, Frame, TopBar, Text, type TopBarProps } from "@shopify/polaris";
import { NotificationIcon } from "@shopify/polaris-icons";
import { useLocation, useNavigationType } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { AppNavigation } from "~/components/AppNavigation";
import { hasInAppPrevious, rememberInAppEntry } from "~/components/navigation";
import { ToastProvider } from "~/components/toasts";

export type Notification = { id: string; content: string; url: string };

/** The top bar's search, built by the layout (the search feature's hook). */
export type ShellSearch = Pick<
  TopBarProps,
  "searchField" | "searchResults" | "searchResultsVisible" | "onSearchResultsDismiss"
>;

export type ShellProps = {
  storeName: string;
  planLabel: string;
  staffName: string;
  staffInitials: string;
  demo: boolean;
  notifications: Notification[];
  search: ShellSearch;
  /** Shown in the demo banner (the demo's "view as" switch). */
  demoExtra?: ReactNode;
  children: ReactNode;
};

/** What a screen reader announces for the bell. */
export function notificationsLabel(count: number): string {
  if (count === 0) return "Notifications, none";
  return `Notifications, ${count} ${count === 1 ? "item needs" : "items need"} attention`;
}

/** Remembers which history entries were reached from an admin page (for the back arrow). */
function useInAppHistory() {
  const location = useLocation();
  const type = useNavigationType();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    const from = previous.current;
    // A push from an admin page, or a replace of an entry that had one behind it.
    if (from && from !== location.key && (type === "PUSH" || (type === "REPLACE" && hasInAppPrevious(from))))
      rememberInAppEntry(location.key);
    previous.current = location.key;
  }, [location.key, type]);
}

function NotificationsMenu({ notifications }: { notifications: Notification[] }) {
  const [open, setOpen] = useState(false);
  return (
    <TopBar.Menu
      accessibilityLabel={notificationsLabel(notifications.length)}
      activatorContent={
        <span style={{ position: "relative", display: "inline-flex" }}>
          <NotificationIcon width={20} height={20} fill="currentColor" aria-hidden focusable="false" />
          {notifications.length > 0 && (
            <span
              data-testid="notification-dot"
              aria-hidden
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
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      actions={[
        {
          title: "Notifications",
          items: notifications.length
            ? notifications.map((n) => ({ id: `notification-${n.id}`, content: n.content, url: n.url }))
            : [{ content: "You're all caught up", disabled: true }],
        },
      ]}
    />
  );
}

export function AppShell(props: ShellProps) {
  const { storeName, planLabel, staffName, staffInitials, demo, notifications, search, demoExtra, children } = props;
  const location = useLocation();
  const [mobileNavOpen, setMobileNavOpen] = useState(false);
  const [userMenuOpen, setUserMenuOpen] = useState(false);
  useInAppHistory();

  const closeMobileNav = useCallback(() => setMobileNavOpen(false), []);
  const toggleMobileNav = useCallback(() => setMobileNavOpen((open) => !open), []);

  const topBar = (
    <TopBar
      showNavigationToggle
      onNavigationToggle={toggleMobileNav}
      {...search}
      secondaryMenu={<NotificationsMenu notifications={notifications} />}
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
          {/* No title: a Banner's title is an h2, which would come before the page's h1. */}
          <Banner tone="info">
            <Text as="p">
              <Text as="span" fontWeight="semibold">
                Demo store
              </Text>
              . You are looking at a demo store with generated data. No Shopify store is connected and nothing is
              charged.
            </Text>
            {demoExtra && <Box paddingBlockStart="200">{demoExtra}</Box>}
          </Banner>
        </Box>
      )}
      <ToastProvider>{children}</ToastProvider>
    </Frame>
  );
}
