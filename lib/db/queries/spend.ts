import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { modelSpend } from "@/lib/db/schema";

/** Records what one agent invocation spent on models. */
export async function recordModelSpend(entry: {
  tripId: string;
  agent: string;
  calls: number;
  inputTokens: number;
  outputTokens: number;
}): Promise<void> {
  const db = await getDb();
  await db.insert(modelSpend).values(entry);
}

/** Model calls and tokens spent since `since`, for one trip or (without tripId) for everyone. */
export async function modelSpendSince({
  since,
  tripId,
  agent,
}: {
  since: Date;
  tripId?: string;
  /** Only this agent's spend (the assistant's share of a trip's budget). */
  agent?: string;
}): Promise<{ calls: number; tokens: number }> {
  const db = await getDb();
  const [row] = await db
    .select({
      calls: sql<number>`coalesce(sum(${modelSpend.calls}), 0)::int`,
      tokens: sql<number>`coalesce(sum(${modelSpend.inputTokens} + ${modelSpend.outputTokens}), 0)::bigint`,
    })
    .from(modelSpend)
    .where(
      and(
        gte(modelSpend.createdAt, since),
        tripId ? eq(modelSpend.tripId, tripId) : undefined,
        agent ? eq(modelSpend.agent, agent) : undefined,
      ),
    );
  return { calls: Number(row?.calls ?? 0), tokens: Number(row?.tokens ?? 0) };
}
