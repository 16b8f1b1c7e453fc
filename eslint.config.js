// Lint for the whole repository, run by `npm test` (npm run lint). Besides the usual
// TypeScript and React hooks rules it enforces the layout (docs/decisions/033-feature-folders.md):
//
//   routes      -> features (public surface), platform, lib, components, content, integration points
//   a feature   -> itself, other features only through their index.ts / index.server.ts,
//                  platform, lib, components, content (public copy), integration points
//   platform    -> lib, integration points (db, env, shopify), itself
//   lib         -> nothing of ours
//   no cycles anywhere, type-only imports included (local/no-cycle)
//   a feature's browser surface (index.ts) never reaches a .server module (local/no-server-in-browser-index)
//
// "Integration points" are app/db.server.ts, app/env.server.ts and app/shopify.server.ts;
// the composition root app/jobs.server.ts is the one module that may know every feature.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import importX from "eslint-plugin-import-x";
import local from "./scripts/eslint-local-rules.js";
import reactHooks from "eslint-plugin-react-hooks";
import prettier from "eslint-config-prettier";
import globals from "globals";
import tseslint from "typescript-eslint";

const featureSurface = { element: { type: "feature", fileInternalPath: ["index.ts", "index.server.ts"] } };
const to = (...types) => types.map((type) => ({ element: { type } }));
const allowTo = (...targets) => ({ allow: { to: targets } });

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "node_modules/**",
      "prisma/generated/**",
      "public/build/**",
      "bench/.data/**",
      "bench/results/**",
      "test-results/**",
      "playwright-report/**",
      ".cache/**",
      "app/graphql/admin.generated.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // Best-effort clean-ups (killing a child that may be gone) have nothing to handle.
      "no-empty": ["error", { allowEmptyCatch: true }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: {
      // Inside app/, paths that climb out of a folder are written with the ~/ alias
      // (~tests/ for the test helpers). Prisma's generated clients live outside app/.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./(?!prisma/generated/)", message: "Use the ~/ alias (or ~tests/) instead of ../" },
          ],
          // A closed Polaris modal can stay in the page, invisible, catching clicks (decision 071).
          paths: [
            {
              name: "@shopify/polaris",
              importNames: ["Modal"],
              message: "Use Modal from ~/components/Modal, which unmounts on close (decision 071)",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/Modal.tsx", "app/components/Modal.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./(?!prisma/generated/)", message: "Use the ~/ alias (or ~tests/) instead of ../" },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.tsx", "app/**/*.ts"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    plugins: { boundaries, "import-x": importX, local },
    settings: {
      "import/resolver": { typescript: { alwaysTryTypes: true, project: "./tsconfig.json" } },
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [
        (await import("eslint-import-resolver-typescript")).createTypeScriptImportResolver({
          project: "./tsconfig.json",
        }),
      ],
      "boundaries/include": ["app/**/*", "prisma/generated/**/*"],
      "boundaries/files": [{ category: "test", pattern: "**/*.test.{ts,tsx}" }],
      "boundaries/elements": [
        { type: "feature", pattern: "app/features/*", capture: ["feature"] },
        { type: "platform", pattern: "app/platform" },
        { type: "lib", pattern: "app/lib" },
        { type: "components", pattern: "app/components" },
        { type: "content", pattern: "app/content" },
        { type: "routes", pattern: "app/routes" },
        { type: "graphql", pattern: "app/graphql" },
        { type: "styles", pattern: "app/styles" },
        { type: "integration", pattern: "app/{db,env,shopify}.server.ts", mode: "file" },
        { type: "composition", pattern: "app/jobs.server.ts", mode: "file" },
        { type: "composition-test", pattern: "app/jobs.db.test.ts", mode: "file" },
        { type: "entry", pattern: "app/{entry.server.tsx,root.tsx,routes.ts}", mode: "file" },
        // Prisma's generated clients (one per engine), read only by the database client.
        { type: "prisma-client", pattern: "prisma/generated/*" },
      ],
    },
    rules: {
      // import-x/no-cycle, but counting `import type` too (scripts/eslint-local-rules.js).
      "local/no-cycle": "error",
      "boundaries/no-unknown-dependencies": "error",
      "boundaries/dependencies": [
        "error",
        {
          default: "disallow",
          policies: [
            // Anything may import within its own element (a feature's own files, lib's own helpers, ...).
            { allow: { dependency: { relationship: { to: "internal" } } } },
            {
              from: { element: { type: "routes" } },
              ...allowTo(
                featureSurface,
                ...to("platform", "lib", "components", "content", "integration", "graphql", "styles", "routes"),
              ),
            },
            // A feature's public-facing UI (plan cards, the newsletter form) may read the public copy.
            {
              from: { element: { type: "feature" } },
              ...allowTo(featureSurface, ...to("platform", "lib", "components", "content", "integration", "graphql")),
            },
            { from: { element: { type: "platform" } }, ...allowTo(...to("lib", "integration")) },
            { from: { element: { type: "components" } }, ...allowTo(...to("lib", "content")) },
            { from: { element: { type: "content" } }, ...allowTo(featureSurface, ...to("lib")) },
            // The database client waits on the SQLite write lock, which is infrastructure.
            {
              from: { element: { type: "integration" } },
              ...allowTo(...to("lib", "integration", "platform", "prisma-client")),
            },
            {
              from: { element: { type: "composition" } },
              ...allowTo(featureSurface, ...to("platform", "lib", "integration")),
            },
            {
              from: { element: { type: "composition-test" } },
              ...allowTo(featureSurface, ...to("platform", "composition")),
            },
            // A test may also drive routes and the composition root, still only through features' surfaces.
            {
              from: { file: { categories: "test" } },
              ...allowTo(
                featureSurface,
                ...to("platform", "lib", "components", "content", "integration", "routes", "composition"),
              ),
            },
            {
              from: { element: { type: "entry" } },
              ...allowTo(...to("platform", "lib", "components", "integration", "composition", "styles")),
            },
          ],
        },
      ],
    },
  },
  {
    // A feature's index.ts is imported by routes' components, so it is browser code.
    files: ["app/features/*/index.ts"],
    rules: { "local/no-server-in-browser-index": "error" },
  },
  {
    // The layout's size limits (docs/decisions/033-feature-folders.md): a route stays thin,
    // a component stays readable.
    files: ["app/routes/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines": ["error", { max: 300 }] },
  },
  {
    files: ["app/**/*.tsx"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "max-lines-per-function": ["error", { max: 150 }] },
  },
  {
    // Tests read recorded Shopify payloads (untyped JSON) and poke at them.
    files: ["**/*.test.{ts,tsx}"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    // Node scripts and configs (plain JavaScript).
    files: ["**/*.{js,mjs,cjs}"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  prettier,
);
