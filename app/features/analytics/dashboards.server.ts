// Saved dashboards (issue 12 item 5): a named set of registry figures with a timeframe and
// comparison, per shop. How many a shop may keep is the plan's (none on Starter, 5 on Pro,
// unlimited on Enterprise); names are unique per shop. Every write is audited.
import { z } from "zod";
import { prisma, type Prisma } from "~/db.server";
import { FieldError, fieldErrorsOf } from "~/lib/forms";
import { unstorableText } from "~/lib/text";
import type { HttpAnswerableError } from "~/platform/http.server";
import { recordAudit, type Actor } from "~/features/audit/index.server";
import { checkPlanLimit, planFor } from "~/features/billing";
import { METRIC_KEYS, type MetricKey } from "~/features/analytics/metrics";
import type { Comparison, TimeframeKey } from "~/features/analytics/periods";
import {
  dashboardSchema,
  deleteSchema,
  renameSchema,
  type DashboardInput,
} from "~/features/analytics/dashboards-schema";

type Db = typeof prisma | Prisma.TransactionClient;

/** A refusal with its HTTP answer: 403 past the plan's limit (with the upgrade path), 404 for another shop's. */
export class DashboardError extends Error implements HttpAnswerableError {
  constructor(
    readonly status: 403 | 404,
    message: string,
    readonly upgradeUrl?: string,
  ) {
    super(message);
    this.name = "DashboardError";
  }
  responseBody() {
    return { error: this.message, ...(this.upgradeUrl ? { upgradeUrl: this.upgradeUrl } : {}) };
  }
}

export type SavedDashboard = {
  id: string;
  name: string;
  cards: MetricKey[];
  timeframe: TimeframeKey;
  comparison: Comparison;
};

const storedCards = z.array(z.enum(METRIC_KEYS)).catch([]);

function dto(row: { id: string; name: string; cards: string; timeframe: string; comparison: string }): SavedDashboard {
  let cards: unknown = [];
  try {
    cards = JSON.parse(row.cards);
  } catch {
    cards = [];
  }
  return {
    id: row.id,
    name: row.name,
    cards: storedCards.parse(cards),
    timeframe: row.timeframe as TimeframeKey,
    comparison: row.comparison as Comparison,
  };
}

export async function listDashboards(shopId: string): Promise<SavedDashboard[]> {
  const rows = await prisma.customDashboard.findMany({ where: { shopId }, orderBy: { name: "asc" } });
  return rows.map(dto);
}

export async function getDashboard(shopId: string, id: string): Promise<SavedDashboard | null> {
  const row = await prisma.customDashboard.findFirst({ where: { id, shopId } });
  return row ? dto(row) : null;
}

/** The plan's allowance: how many the shop may keep (null: unlimited) and the message when full. */
export async function dashboardAllowance(shop: { id: string; plan: string }, db: Db = prisma) {
  const plan = planFor(shop.plan);
  const used = await db.customDashboard.count({ where: { shopId: shop.id } });
  return { used, max: plan.customDashboards, refusal: checkPlanLimit(plan, "customDashboards", used + 1) };
}

const nameTaken = () => new FieldError({ name: ["A dashboard with this name already exists"] });

async function assertNameFree(db: Db, shopId: string, name: string, exceptId?: string) {
  const clash = await db.customDashboard.findFirst({
    where: { shopId, name, ...(exceptId ? { id: { not: exceptId } } : {}) },
    select: { id: true },
  });
  if (clash) throw nameTaken();
}

/** Past the plan's limit → DashboardError 403 with the upgrade path; a taken name → FieldError. */
export async function createDashboard(
  actor: Actor & { shop: { id: string; plan: string } },
  input: DashboardInput,
): Promise<SavedDashboard> {
  const shopId = actor.shop.id;
  return prisma.$transaction(async (tx) => {
    const { refusal } = await dashboardAllowance(actor.shop, tx);
    if (refusal) throw new DashboardError(403, refusal.message, refusal.upgradeUrl);
    await assertNameFree(tx, shopId, input.name);
    const row = await tx.customDashboard.create({
      data: {
        shopId,
        name: input.name,
        cards: JSON.stringify(input.cards),
        timeframe: input.timeframe,
        comparison: input.comparison,
      },
    });
    const saved = dto(row);
    await recordAudit(actor, "dashboard.create", "CustomDashboard", row.id, null, saved, tx);
    return saved;
  });
}

export async function renameDashboard(actor: Actor, id: string, name: string): Promise<SavedDashboard> {
  const shopId = actor.shop.id;
  return prisma.$transaction(async (tx) => {
    const before = await tx.customDashboard.findFirst({ where: { id, shopId } });
    if (!before) throw new DashboardError(404, "Dashboard not found");
    await assertNameFree(tx, shopId, name, id);
    const row = await tx.customDashboard.update({ where: { id }, data: { name } });
    await recordAudit(actor, "dashboard.rename", "CustomDashboard", id, { name: before.name }, { name }, tx);
    return dto(row);
  });
}

export async function deleteDashboard(actor: Actor, id: string): Promise<void> {
  const shopId = actor.shop.id;
  await prisma.$transaction(async (tx) => {
    const before = await tx.customDashboard.findFirst({ where: { id, shopId } });
    if (!before) throw new DashboardError(404, "Dashboard not found");
    await tx.customDashboard.delete({ where: { id } });
    await recordAudit(actor, "dashboard.delete", "CustomDashboard", id, dto(before), null, tx);
  });
}

export type DashboardActionAnswer = {
  status: number;
  body:
    | { ok: true; intent: string; id?: string }
    | { ok: false; fieldErrors?: Record<string, string[] | undefined>; error?: string; upgradeUrl?: string };
};

/** The Analytics screen's form posts (create, rename, delete), answered with a status and body. */
export async function dashboardAction(
  actor: Actor & { shop: { id: string; plan: string } },
  form: Record<string, string>,
): Promise<DashboardActionAnswer | null> {
  const { intent } = form;
  if (intent !== "createDashboard" && intent !== "renameDashboard" && intent !== "deleteDashboard") return null;
  const schema =
    intent === "createDashboard" ? dashboardSchema : intent === "renameDashboard" ? renameSchema : deleteSchema;
  const unstorable = unstorableText(form);
  if (Object.keys(unstorable).length) return { status: 400, body: { ok: false, fieldErrors: unstorable } };
  const parsed = schema.safeParse(form);
  if (!parsed.success) return { status: 400, body: { ok: false, fieldErrors: fieldErrorsOf(parsed.error) } };
  try {
    if (intent === "createDashboard") {
      const saved = await createDashboard(actor, parsed.data as DashboardInput);
      return { status: 200, body: { ok: true, intent, id: saved.id } };
    }
    const { id, name } = parsed.data as { id: string; name?: string };
    if (intent === "renameDashboard") await renameDashboard(actor, id, name ?? "");
    else await deleteDashboard(actor, id);
    return { status: 200, body: { ok: true, intent, id } };
  } catch (error) {
    if (error instanceof FieldError) return { status: 400, body: { ok: false, fieldErrors: error.fieldErrors } };
    if (error instanceof DashboardError) return { status: error.status, body: { ok: false, ...error.responseBody() } };
    throw error;
  }
}
