// Remix's Vite plugin holds what remix.config.js held for the deprecated classic
// compiler (see docs/decisions/004-vite-config.md). Every Remix v3 future flag is on
// so the later move to React Router 7 stays mechanical.
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";
import tsconfigPaths from "vite-tsconfig-paths";

declare module "@remix-run/node" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig({
  server: {
    port: Number(process.env.PORT ?? 3000),
    hmr: { port: 64999 },
    fs: { allow: ["app", "node_modules"] },
  },
  plugins: [
    remix({
      ignoredRouteFiles: ["**/.*", "**/*.test.{ts,tsx}"],
      future: {
        v3_fetcherPersist: true,
        v3_relativeSplatPath: true,
        v3_throwAbortReason: true,
        v3_singleFetch: true,
        v3_lazyRouteDiscovery: true,
        v3_routeConfig: true,
      },
    }),
    tsconfigPaths(),
  ],
  build: { assetsInlineLimit: 0 },
  // Polaris and its icons are bundled into the server build, so a server process holds only the
  // components and icons the app renders (tree-shaken from their ES modules) rather than Node
  // loading every module of both packages (~30 MB resident, docs/decisions/074-server-memory-second-pass.md).
  // @shopify/shopify-app-remix comes with them: its AppProvider renders Polaris's, and two copies of
  // Polaris would not share their React contexts.
  ssr: { noExternal: ["@shopify/polaris", "@shopify/polaris-icons", "@shopify/shopify-app-remix"] },
  optimizeDeps: { include: ["@shopify/app-bridge-react", "@shopify/polaris"] },
});
