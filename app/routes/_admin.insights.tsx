// /insights: the same screen as /ai-insights (core.md §2.1 lists both paths for one screen).
export { action, loader, meta, permissions } from "~/routes/_admin.ai-insights";
export { default } from "~/routes/_admin.ai-insights";
