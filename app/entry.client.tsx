// Remix's default browser entry, except that hydration waits for the server's HTML to paint
// (docs/decisions/080-critical-css.md). Hydrating a large page (/inventory's table) is one long
// task; started before the first frame, it held the first paint back until it ended.
import { RemixBrowser } from "@remix-run/react";
import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <RemixBrowser />
      </StrictMode>,
    );
  });
}

// An animation frame's callback runs just before that frame paints; a task queued from it runs
// after. A hidden tab paints nothing and gets no frames, so it hydrates at once.
if (document.hidden) hydrate();
else requestAnimationFrame(() => setTimeout(hydrate, 0));
