// @vitest-environment jsdom
// The shared Modal leaves the page the moment it closes (decision 071); Polaris's own Modal keeps
// the faded dialog in the page until its fade-out timer has run, which is what this guards against.
import { AppProvider, Modal as PolarisModal } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import { cleanup, render, screen } from "@testing-library/react";
import type { ComponentType } from "react";
import { afterEach, describe, expect, it } from "vitest";
import { Modal } from "~/components/Modal";

afterEach(cleanup);

type Props = { open: boolean; onClose: () => void; title: string; children: React.ReactNode };
const page = (Dialog: ComponentType<Props>, open: boolean) => (
  <AppProvider i18n={en}>
    <Dialog open={open} onClose={() => {}} title="Advanced Filters">
      <p>Overstock only</p>
    </Dialog>
  </AppProvider>
);

describe("Modal", () => {
  it("renders its content while open and removes it from the page at once when closed", () => {
    const { rerender } = render(page(Modal, true));
    expect(screen.getByRole("dialog")).toBeTruthy();
    expect(screen.getByText("Overstock only")).toBeTruthy();
    rerender(page(Modal, false));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByText("Overstock only")).toBeNull();
  });

  it("differs from Polaris's Modal, which keeps the closed dialog in the page during its fade-out", () => {
    const { rerender } = render(page(PolarisModal as ComponentType<Props>, true));
    rerender(page(PolarisModal as ComponentType<Props>, false));
    expect(screen.queryByText("Overstock only")).not.toBeNull();
  });

  it("keeps Polaris's sections", () => {
    expect(Modal.Section).toBe(PolarisModal.Section);
  });
});
