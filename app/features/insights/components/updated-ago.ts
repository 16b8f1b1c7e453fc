// "Updated N minutes ago" from the last run's end (not the spec's fixed "Updated 5m ago").
export function updatedAgo(finishedAt: string | null, now: string): string {
  if (!finishedAt) return "Not generated yet";
  const minutes = Math.max(0, Math.floor((Date.parse(now) - Date.parse(finishedAt)) / 60_000));
  if (minutes < 1) return "Updated just now";
  if (minutes < 60) return `Updated ${minutes} minute${minutes === 1 ? "" : "s"} ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `Updated ${hours} hour${hours === 1 ? "" : "s"} ago`;
  return `Updated ${Math.floor(hours / 24)} days ago`;
}
