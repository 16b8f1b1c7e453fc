// The admin's one toast (Polaris, inside the shell's Frame) and the shared handling of a
// refused request: any 403 answer to a fetcher or form shows its message here and the page
// stays as it was (docs/decisions/079-roles-in-the-page.md).
import { Toast } from "@shopify/polaris";
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from "react";
import { isRefusal } from "~/lib/forms";

export type ToastInput = { content: string; error?: boolean };

const ToastContext = createContext<(toast: ToastInput) => void>(() => {});

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toast, setToast] = useState<(ToastInput & { id: number }) | null>(null);
  const show = useCallback((input: ToastInput) => setToast({ ...input, id: Date.now() }), []);
  return (
    <ToastContext.Provider value={show}>
      {children}
      {toast && (
        <Toast
          key={toast.id}
          content={toast.content}
          error={toast.error}
          duration={5000}
          onDismiss={() => setToast(null)}
        />
      )}
    </ToastContext.Provider>
  );
}

/** Shows a toast in the admin shell; does nothing outside it. */
export function useToast(): (toast: ToastInput) => void {
  return useContext(ToastContext);
}

/** Shows a refused answer (403) as a toast, once per answer: for a form's `useActionData()`. */
export function useRefusalToast(result: unknown): void {
  const toast = useToast();
  const shown = useRef<unknown>(null);
  useEffect(() => {
    if (!isRefusal(result) || shown.current === result) return;
    shown.current = result;
    toast({ content: result.refused, error: true });
  }, [result, toast]);
}
