// Polaris's Modal, mounted only while it is open (docs/decisions/071-modals-unmount-on-close.md).
// Polaris keeps a closed modal in the page until its 200 ms fade-out has run. When a navigation
// re-rendered the page during that fade on a busy machine, the faded dialog stayed in the page,
// invisible, and caught every click over it (the inventory browser test, reproduced 1 in 25 under
// load). Unmounting on close removes it at once; what is lost is the fade-out.
import { Modal as PolarisModal, type ModalProps } from "@shopify/polaris";

export function Modal(props: ModalProps) {
  return props.open ? <PolarisModal {...props} /> : null;
}
Modal.Section = PolarisModal.Section;
