import { useEffect, useRef } from "react";
import { useToast } from "~/components/toasts";
import { isRefusal } from "~/lib/forms";

/**
 * Calls `onResult` once for each new answer a fetcher receives (not again on re-render). A
 * refused answer (403) is shown as a toast instead and `onResult` is not called: the dialog
 * or page stays as it was.
 */
export function useFetcherResult<T>(fetcher: { state: string; data?: T }, onResult: (data: T) => void) {
  const toast = useToast();
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || reported.current === fetcher.data) return;
    reported.current = fetcher.data;
    if (isRefusal(fetcher.data)) toast({ content: fetcher.data.refused, error: true });
    else callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data, toast]);
}
