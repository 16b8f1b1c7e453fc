// Generate New Insights: posts the generate intent, then follows the run the answer names (or
// the one already open when the page loaded) by revalidating the page until the run ends, and
// says how it ended with the spec's notice. The button and overlay read `generating`.
import { useFetcher, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import type { RunView } from "~/features/insights/runs.server";
import type { InsightActionResult } from "~/features/insights/schema";
import { NOTICES, type Notice } from "~/features/insights/components/notices";

const POLL_MS = 1_000;

export function useInsightRun(latest: RunView | null, running: RunView | null) {
  const fetcher = useFetcher<InsightActionResult>({ key: "insights-generate" });
  const revalidator = useRevalidator();
  const [following, setFollowing] = useState<string | null>(running?.id ?? null);
  const [notice, setNotice] = useState<Notice | null>(null);

  // The run the answer names is the one to follow (a run already going answers itself).
  const answered = fetcher.data && fetcher.data.ok ? fetcher.data.run?.id : undefined;
  useEffect(() => {
    if (answered) setFollowing(answered);
    else if (fetcher.data && !fetcher.data.ok && !fetcher.data.refused) setNotice(NOTICES.failed());
  }, [answered, fetcher.data]);

  const ended = following && latest?.id === following && (latest.status === "done" || latest.status === "failed");
  useEffect(() => {
    if (!following) return;
    if (ended) {
      setNotice(latest!.status === "done" ? NOTICES.generated() : NOTICES.failed());
      setFollowing(null);
      return;
    }
    const timer = setTimeout(() => revalidator.state === "idle" && revalidator.revalidate(), POLL_MS);
    return () => clearTimeout(timer);
  }, [following, ended, latest, revalidator]);

  return {
    generating: fetcher.state !== "idle" || !!following,
    generate: () => fetcher.submit({ intent: "generate" }, { method: "post", action: "/ai-insights" }),
    notice,
    clearNotice: () => setNotice(null),
  };
}
