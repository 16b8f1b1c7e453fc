// Remix's default browser entry. An admin page's input before hydration is kept by its boot script
// and replayed by the root layout once hydrated (lib/early-input.ts).
import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <RemixBrowser />
    </StrictMode>,
  );
});
