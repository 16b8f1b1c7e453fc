import { AppProvider, Button, EmptyState, Page } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { PolarisLink } from "~/components/PolarisLink";

export function NotFoundScreen() {
  return (
    <AppProvider i18n={en} linkComponent={PolarisLink}>
      <Page narrowWidth>
        <EmptyState heading="404 Page Not Found" image="">
          <p>Did you forget to add the page to the router?</p>
          <div style={{ marginTop: 16 }}>
            <Button url="/">Back to Home</Button>
          </div>
        </EmptyState>
      </Page>
    </AppProvider>
  );
}
