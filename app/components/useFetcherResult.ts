import { useEffect, useRef } from "react";

/** Calls `onResult` once for each new answer a fetcher receives (not again on re-render). */
export function useFetcherResult<T>(fetcher: { state: string; data?: T }, onResult: (data: T) => void) {
  const callback = useRef(onResult);
  useEffect(() => {
    callback.current = onResult;
  });
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || fetcher.data === undefined || reported.current === fetcher.data) return;
    reported.current = fetcher.data;
    callback.current(fetcher.data);
  }, [fetcher.state, fetcher.data]);
}
