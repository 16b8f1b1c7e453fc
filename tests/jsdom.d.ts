// The part of jsdom's API the tests use (jsdom ships no types and @types/jsdom is not installed).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string, options?: { url?: string; runScripts?: "dangerously" | "outside-only" });
    readonly window: Window & typeof globalThis;
  }
}
