// Toasts for the public pages (docs/product/public-site.md#toasts: at most one at a time, 5000 ms, default or
// destructive; F8 moves focus to the notification region).
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";

export type ToastInput = { title: string; description?: string; variant?: "default" | "destructive" };
type Toast = ToastInput & { id: number; container: Element | null };

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export const TOAST_DURATION_MS = 5000;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<Toast | null>(null);
  const region = useRef<HTMLDivElement>(null);
  // A modal <dialog> sits in the top layer, above everything else: a toast raised
  // from inside one is shown inside it, or it would be hidden behind the backdrop.
  const show = useCallback(
    (input: ToastInput) => setToast({ ...input, id: Date.now(), container: document.querySelector("dialog[open]") }),
    [],
  );

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") region.current?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      <div ref={region} className="pp-toast-region" role="region" aria-label="Notifications (F8)" tabIndex={-1}>
        <div aria-live="polite" aria-atomic="true">
          {toast && !toast.container && <ToastView toast={toast} />}
        </div>
      </div>
      {toast?.container?.isConnected &&
        createPortal(
          <div className="pp-toast-region">
            <ToastView toast={toast} />
          </div>,
          toast.container,
        )}
    </ToastContext.Provider>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  return (
    <div
      key={toast.id}
      className={`pp-toast${toast.variant === "destructive" ? " pp-toast-destructive" : ""}`}
      role="status"
      aria-live="polite"
    >
      <strong>{toast.title}</strong>
      {toast.description && <span>{toast.description}</span>}
    </div>
  );
}

export function useToast() {
  return useContext(ToastContext);
}
