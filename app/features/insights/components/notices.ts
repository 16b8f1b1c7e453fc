// The spec's insight notices, word for word (admin-and-public.md §8).
export type Notice = { title: string; body: string; destructive?: boolean };

export const NOTICES = {
  generated: (): Notice => ({
    title: "AI Insights Generated",
    body: "New insights have been generated based on your latest data.",
  }),
  failed: (): Notice => ({
    title: "Error",
    body: "Failed to generate AI insights. Please try again.",
    destructive: true,
  }),
};
