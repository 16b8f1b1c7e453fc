import { Button, EmptyState, Page } from "@shopify/polaris";

const HEADINGS: Record<number, string> = {
  403: "You don't have access to this page",
  404: "Not found",
};

/** A page that could not be shown, inside the admin's shell: what happened and a way on. */
export function PageError({ status, message }: { status: number; message: string }) {
  return (
    <Page narrowWidth>
      <EmptyState heading={HEADINGS[status] ?? "This page could not be loaded"} image="">
        <p>{message}</p>
        <div style={{ marginTop: 16 }}>
          <Button url="/dashboard">Back to the dashboard</Button>
        </div>
      </EmptyState>
    </Page>
  );
}
