// The merchant's answers to an insight: seen, done, dismissed with a reason, snoozed until a
// day, reopened, useful / not useful. Each transition is one guarded update (the status must
// still be one it may start from); another shop's id is "not found", an illegal move a 409.
import { prisma } from "~/db.server";
import { TRANSITIONS, type LifecycleAction } from "~/features/insights/lifecycle";
import type { InsightAction } from "~/features/insights/schema";

export class InsightError extends Error {
  constructor(
    readonly status: 404 | 409,
    message: string,
  ) {
    super(message);
    this.name = "InsightError";
  }
  responseBody() {
    return { error: this.message };
  }
}

type Act = Exclude<InsightAction, { intent: "generate" }>;

export async function actOnInsight(shopId: string, action: Act, now = new Date()): Promise<void> {
  const insight = await prisma.insight.findFirst({
    where: { id: action.id, shopId },
    select: { id: true, status: true, figure: true },
  });
  if (!insight) throw new InsightError(404, "Insight not found");
  if (action.intent === "feedback") {
    await prisma.insight.updateMany({ where: { id: insight.id, shopId }, data: { feedback: action.feedback } });
    return;
  }
  const rule = TRANSITIONS[action.intent as LifecycleAction];
  const closing = action.intent === "done" || action.intent === "dismiss";
  const { count } = await prisma.insight.updateMany({
    where: { id: insight.id, shopId, status: { in: rule.from } },
    data: {
      status: rule.to,
      statusChangedAt: now,
      dismissReason: action.intent === "dismiss" ? action.reason : action.intent === "reopen" ? null : undefined,
      snoozedUntil: action.intent === "snooze" ? action.until : action.intent === "reopen" ? null : undefined,
      // The figure the subject must move from to come back (lifecycle.ts).
      statusFigure: closing ? insight.figure : undefined,
    },
  });
  if (count !== 1)
    throw new InsightError(409, `This insight is ${insight.status}; it cannot be ${rule.to} from there.`);
}
