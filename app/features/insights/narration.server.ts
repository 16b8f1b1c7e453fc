// Asks the configured language model to reword the shop's top current insights, and keeps a
// wording only when narration.ts's check accepts it (decision 116). Never needed: without a
// provider, or when it fails or invents a number, the template text stands.
import { z } from "zod";
import { prisma } from "~/db.server";
import { env } from "~/env.server";
import type { NarrationProvider } from "~/lib/env-schema";
import { describeError } from "~/lib/log-safe";
import { NARRATION_SYSTEM, checkNarration, narrationPrompt, type NarrationSource } from "~/features/insights/narration";

export type NarrationFetch = (
  url: string,
  init: { method: string; headers: Record<string, string>; body: string },
) => Promise<Response>;

export type NarrationRuntime = { provider: NarrationProvider; fetch: NarrationFetch };

/** The environment's provider over the network, or null when none is configured. */
export function narrationRuntime(): NarrationRuntime | null {
  return env.narration
    ? { provider: env.narration, fetch: (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(15_000) }) }
    : null;
}

/** Insights reworded per run: the top of the list, where a merchant reads. */
export const NARRATED_PER_RUN = 10;

/** Subjects never sent to a provider: a customer's insight may carry personal data. */
const PRIVATE_SUBJECTS = new Set(["customer"]);

// The documented answers: Anthropic's Messages API (content blocks) and OpenAI's Chat Completions.
const anthropicAnswer = z.object({
  type: z.literal("message"),
  content: z.array(z.object({ type: z.string(), text: z.string().optional() })),
});
const openAiAnswer = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

/** One rewording from the provider; throws on a refused request or an answer of another shape. */
export async function askProvider(rt: NarrationRuntime, source: NarrationSource): Promise<string> {
  const { provider } = rt;
  const prompt = narrationPrompt(source);
  const request: { url: string; headers: Record<string, string>; body: unknown } =
    provider.kind === "anthropic"
      ? {
          url: `${provider.baseUrl}/v1/messages`,
          headers: {
            "content-type": "application/json",
            "x-api-key": provider.apiKey,
            "anthropic-version": "2023-06-01",
          },
          body: {
            model: provider.model,
            max_tokens: 300,
            system: NARRATION_SYSTEM,
            messages: [{ role: "user", content: prompt }],
          },
        }
      : {
          url: `${provider.baseUrl}/chat/completions`,
          headers: { "content-type": "application/json", authorization: `Bearer ${provider.apiKey}` },
          body: {
            model: provider.model,
            max_tokens: 300,
            messages: [
              { role: "system", content: NARRATION_SYSTEM },
              { role: "user", content: prompt },
            ],
          },
        };
  const response = await rt.fetch(request.url, {
    method: "POST",
    headers: request.headers,
    body: JSON.stringify(request.body),
  });
  if (!response.ok) throw new Error(`${provider.kind} answered ${response.status}`);
  const json: unknown = await response.json();
  if (provider.kind === "anthropic") {
    const answer = anthropicAnswer.parse(json);
    return answer.content
      .filter((b) => b.type === "text")
      .map((b) => b.text ?? "")
      .join("");
  }
  return openAiAnswer.parse(json).choices[0].message.content ?? "";
}

/**
 * Rewords the shop's best current insights that have no narration yet (a description that
 * changed cleared its narration). A refused wording is stored as "" so it is not asked again
 * until the description changes; a failed request leaves it to the next run. Returns the counts.
 */
export async function narrateInsights(shopId: string, rt: NarrationRuntime, limit = NARRATED_PER_RUN) {
  const rows = await prisma.insight.findMany({
    where: { shopId, current: true, narration: null, status: { in: ["new", "seen"] } },
    orderBy: [{ score: "desc" }, { id: "asc" }],
    take: limit,
    select: { id: true, title: true, description: true, facts: true, subjectType: true },
  });
  const counts = { accepted: 0, refused: 0, failed: 0 };
  for (const row of rows) {
    if (PRIVATE_SUBJECTS.has(row.subjectType)) continue;
    const source: NarrationSource = {
      title: row.title,
      description: row.description,
      facts: JSON.parse(row.facts) as NarrationSource["facts"],
    };
    let wording: string;
    try {
      wording = await askProvider(rt, source);
    } catch (error) {
      counts.failed++;
      console.error(`[insights] narration not available: ${describeError(error)}`);
      continue;
    }
    const check = checkNarration(wording, source);
    if (check.ok) counts.accepted++;
    else counts.refused++;
    // Only a row whose description is still the one narrated takes the wording.
    await prisma.insight.updateMany({
      where: { id: row.id, shopId, description: row.description },
      data: { narration: check.ok ? check.text : "" },
    });
  }
  return counts;
}
