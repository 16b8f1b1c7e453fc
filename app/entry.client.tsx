// Remix's default browser entry, plus: an admin page's input before hydration is kept by its boot
// script until here, and replayed by the root layout once hydrated (lib/early-input.ts).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { stopKeepingEarlyInput } from "~/lib/early-input";

startTransition(() => {
  stopKeepingEarlyInput();
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
