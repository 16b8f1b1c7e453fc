// The project's own lint rules (eslint.config.js, proven by scripts/eslint-config.test.ts).
// Both walk the module graph that eslint-plugin-import-x already parses and caches
// (ModuleInfo), so they resolve `~/` exactly as import-x/no-cycle does.
//
// - no-cycle: import-x/no-cycle skips `import type`, so a cycle held together by types
//   passes it; a type-only cycle still ties two modules' designs together, so this one counts it.
// - no-server-in-browser-index: a feature's browser surface (index.ts) and everything it imports
//   end up in the client bundle; none of it may import a `.server` module.
import { ModuleInfo } from "eslint-plugin-import-x/core/index";
import { moduleVisitor } from "eslint-plugin-import-x/utils";

const isTypeOnly = (importer) =>
  (importer.type === "TSImportEqualsDeclaration" && importer.importKind === "type") ||
  ((importer.type === "ImportDeclaration" ||
    importer.type === "ExportNamedDeclaration" ||
    importer.type === "ExportAllDeclaration") &&
    (importer.importKind === "type" ||
      importer.exportKind === "type" ||
      (importer.specifiers?.length > 0 &&
        importer.specifiers.every((s) => s.importKind === "type" || s.exportKind === "type"))));

const isDynamic = (importer) => importer.type === "ImportExpression";
// Our own modules are imported relatively or through the ~/ and ~tests/ aliases.
const isOurs = (specifier) => specifier.startsWith(".") || specifier.startsWith("~");
const routeString = (route) => route.map((s) => `${s.value}:${s.loc.start.line}`).join(" => ");

/**
 * Breadth-first from `start` over the imports `follow` keeps; returns the route (the import
 * sources taken) to the first module `found` accepts, or null.
 */
function search(start, follow, found) {
  const seen = new Set([start.path]);
  const queue = [{ info: start, route: [] }];
  while (queue.length > 0) {
    const { info, route } = queue.shift();
    for (const [path, { resolve, declarations }] of info.getImports()) {
      // Packages never import our files back, nor are they our server code.
      if (path.includes("/node_modules/")) continue;
      const taken = [...declarations].filter(follow);
      if (taken.length === 0) continue;
      const next = [...route, taken[0].source];
      if (found(path)) return next;
      if (seen.has(path)) continue;
      seen.add(path);
      const child = resolve();
      if (child) queue.push({ info: child, route: next });
    }
  }
  return null;
}

const noCycle = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import cycles, counting type-only imports" },
    schema: [],
    messages: { cycle: "Dependency cycle (type-only imports count) via {{route}}" },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === "<text>") return {};
    return moduleVisitor(
      (source, importer) => {
        if (!isOurs(source.value)) return;
        const imported = ModuleInfo.get(source.value, context);
        if (imported == null || imported.path === filename) return;
        if (imported.path.includes("/node_modules/")) return;
        const route = search(
          imported,
          () => true,
          (path) => path === filename,
        );
        if (route)
          context.report({ node: importer, messageId: "cycle", data: { route: routeString([source, ...route]) } });
      },
      { esmodule: true },
    );
  },
};

const SERVER = /\.server(\/|\.[cm]?[jt]sx?$)/;

const noServerInBrowserIndex = {
  meta: {
    type: "problem",
    docs: { description: "A feature's browser surface (index.ts) never reaches a .server module" },
    schema: [],
    messages: {
      server:
        "A feature's index.ts is browser code: it may not reach server code ({{route}}). Export server code from index.server.ts.",
    },
  },
  create(context) {
    const filename = context.physicalFilename;
    if (filename === "<text>") return {};
    return moduleVisitor(
      (source, importer) => {
        // Type-only imports and lazy imports do not put the module in the bundle.
        if (isTypeOnly(importer) || isDynamic(importer) || !isOurs(source.value)) return;
        if (SERVER.test(source.value)) {
          context.report({ node: importer, messageId: "server", data: { route: source.value } });
          return;
        }
        const imported = ModuleInfo.get(source.value, context);
        if (imported == null || imported.path.includes("/node_modules/")) return;
        if (SERVER.test(imported.path)) {
          context.report({ node: importer, messageId: "server", data: { route: source.value } });
          return;
        }
        const route = search(
          imported,
          (d) => !d.isOnlyImportingTypes && !d.dynamic,
          (path) => SERVER.test(path),
        );
        if (route)
          context.report({ node: importer, messageId: "server", data: { route: routeString([source, ...route]) } });
      },
      { esmodule: true },
    );
  },
};

export default {
  meta: { name: "local" },
  rules: { "no-cycle": noCycle, "no-server-in-browser-index": noServerInBrowserIndex },
};
