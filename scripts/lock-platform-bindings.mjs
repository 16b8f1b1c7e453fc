// Adds lockfile entries for the platform-specific optional packages of
// `unrs-resolver` (used by the ESLint import resolver) that this machine's npm
// mirror does not serve. Without them `npm ci` refuses the lockfile ("Missing:
// @unrs/resolver-binding-… from lock file"). The entries carry `os`/`cpu`, so
// npm skips them on every other platform and never downloads them.
// Run after `npm install` whenever it rewrites package-lock.json.
import { readFileSync, writeFileSync } from "node:fs";

const file = new URL("../package-lock.json", import.meta.url);
const lock = JSON.parse(readFileSync(file, "utf8"));
const platforms = {
  "android-arm-eabi": ["android", "arm"],
  "android-arm64": ["android", "arm64"],
  "darwin-arm64": ["darwin", "arm64"],
  "darwin-x64": ["darwin", "x64"],
  "freebsd-x64": ["freebsd", "x64"],
  "linux-arm-gnueabihf": ["linux", "arm"],
  "linux-arm-musleabihf": ["linux", "arm"],
  "linux-arm64-gnu": ["linux", "arm64"],
  "linux-arm64-musl": ["linux", "arm64"],
  "linux-loong64-gnu": ["linux", "loong64"],
  "linux-loong64-musl": ["linux", "loong64"],
  "linux-ppc64-gnu": ["linux", "ppc64"],
  "linux-riscv64-gnu": ["linux", "riscv64"],
  "linux-riscv64-musl": ["linux", "riscv64"],
  "linux-s390x-gnu": ["linux", "s390x"],
  "linux-x64-gnu": ["linux", "x64"],
  "linux-x64-musl": ["linux", "x64"],
  "openharmony-arm64": ["openharmony", "arm64"],
  "wasm32-wasi": [null, "wasm32"],
  "win32-arm64-msvc": ["win32", "arm64"],
  "win32-ia32-msvc": ["win32", "ia32"],
  "win32-x64-msvc": ["win32", "x64"],
};

let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  if (!key.endsWith("node_modules/unrs-resolver")) continue;
  for (const [name, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const entry = `node_modules/${name}`;
    if (lock.packages[entry]) continue;
    const platform = platforms[name.replace("@unrs/resolver-binding-", "")];
    if (!platform) throw new Error(`unknown platform package ${name}: add it to scripts/lock-platform-bindings.mjs`);
    const [os, cpu] = platform;
    lock.packages[entry] = {
      version,
      dev: true,
      license: "MIT",
      optional: true,
      ...(os ? { os: [os] } : {}),
      cpu: [cpu],
    };
    added += 1;
  }
}

if (added > 0) {
  const [root, ...rest] = Object.keys(lock.packages);
  const order = [root, ...rest.sort((a, b) => a.localeCompare(b, "en"))];
  lock.packages = Object.fromEntries(order.map((key) => [key, lock.packages[key]]));
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
}
console.log(`package-lock.json: ${added} platform binding entr${added === 1 ? "y" : "ies"} added`);
