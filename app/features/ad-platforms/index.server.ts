export { adConfig, type AdConfig } from "./config.server";
export { isAdPlatform } from "./platforms";
export { AdRefusal, defaultRuntime, type AdRuntime } from "./runtime.server";
export { chooseAccounts, completeConnect, disconnect, refreshAccounts, startConnect } from "./connections.server";
export { syncDue, syncPlatform, syncRange } from "./sync.server";
export { AD_SYNC_JOB, connectAndSync, queueAdSync, registerAdPlatformJobs } from "./jobs.server";
export { adPlatformFacts } from "./status.server";
export { DEMO_ACCOUNTS, LocalAdPlatforms, demoCampaignRows, demoCode, replayTransport } from "./replay.server";
export { platformReports, type PlatformReport } from "./reports.server";
