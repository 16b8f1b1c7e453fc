// Mounted once by the admin layout: measures the page's Web Vitals with the web-vitals
// library and reports each when it is final (see vitals-client.ts).
import { useEffect } from "react";
import { startVitals } from "~/features/telemetry/vitals-client";

export function VitalsReporter() {
  useEffect(() => startVitals(), []);
  return null;
}
