import "server-only";
import { modelSpendSince } from "@/lib/db/queries/spend";
import { readEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { consume, inAbout } from "@/lib/limits/rate";

/**
 * Model spend control. Every action that makes models work (Generate today; itinerary
 * and regeneration actions too) calls `ensureModelSpendAllowed` before it starts anything:
 *
 * 1. the `model` rate limit, per member and per trip (a burst of clicks is refused);
 * 2. the trip's model budget for today (UTC), in calls and tokens;
 * 3. the whole server's model budget for today, in calls and tokens.
 *
 * What was spent comes from `model_spend`, written by every agent invocation that called
 * a model (see AgentDeps.recordSpend), on either engine. A run that starts under budget
 * is allowed to finish, so a day can end at most one run over.
 */
export async function ensureModelSpendAllowed({
  tripId,
  memberId,
  now = new Date(),
}: {
  tripId: string;
  memberId: string;
  now?: Date;
}): Promise<void> {
  await consume("model", `member:${memberId}`);
  await consume("model", `trip:${tripId}`);
  const env = readEnv();
  const since = startOfUtcDay(now);
  const retryAfterSeconds = Math.ceil((since.getTime() + 86_400_000 - now.getTime()) / 1000);
  const resets = `It resets at midnight UTC, ${inAbout(retryAfterSeconds)}.`;

  const trip = await modelSpendSince({ since, tripId });
  if (trip.calls >= env.MODEL_BUDGET_TRIP_CALLS || trip.tokens >= env.MODEL_BUDGET_TRIP_TOKENS) {
    throw new AppError(
      "too_many:trip-model-budget",
      `This trip has used today's AI allowance (${trip.calls.toLocaleString("en-US")} of ${env.MODEL_BUDGET_TRIP_CALLS.toLocaleString("en-US")} model calls, ${trip.tokens.toLocaleString("en-US")} of ${env.MODEL_BUDGET_TRIP_TOKENS.toLocaleString("en-US")} tokens). ${resets}`,
      undefined,
      { retryAfterSeconds },
    );
  }
  const day = await modelSpendSince({ since });
  if (day.calls >= env.MODEL_BUDGET_DAY_CALLS || day.tokens >= env.MODEL_BUDGET_DAY_TOKENS) {
    throw new AppError(
      "too_many:day-model-budget",
      `TripSync has used today's AI allowance for all trips. ${resets} Everything the group entered is kept.`,
      undefined,
      { retryAfterSeconds },
    );
  }
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}
