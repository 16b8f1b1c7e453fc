// Mounted once by the admin layout: measures the page's Web Vitals and reports LCP at the
// first in-app navigation (the rest when the page is hidden; see vitals-client.ts).
import { useEffect, useRef } from "react";
import { useLocation } from "@remix-run/react";
import { flushVitals, startVitals } from "~/features/telemetry/vitals-client";

export function VitalsReporter() {
  const { pathname } = useLocation();
  const first = useRef(pathname);
  useEffect(() => startVitals(), []);
  useEffect(() => {
    if (pathname !== first.current) flushVitals(false);
  }, [pathname]);
  return null;
}
