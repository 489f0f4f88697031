import "server-only";
import { modelSpendSince } from "@/lib/db/queries/spend";
import { readEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { consume, inAbout, peek } from "@/lib/limits/rate";

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
  const refusal = await budgetRefusal({ tripId, now });
  if (refusal) throw refusal;
}

/**
 * What `ensureModelSpendAllowed` would answer now, without counting anything: null when a
 * model-spending action would start, else the refusal (message and when to try again). The
 * pages use it to disable Generate and Regenerate with the reason instead of letting a click fail.
 */
export async function modelSpendRefusal({
  tripId,
  memberId,
  now = new Date(),
}: {
  tripId: string;
  memberId: string;
  now?: Date;
}): Promise<{ message: string; retryAfterSeconds: number } | null> {
  const refusal =
    (await peek("model", `member:${memberId}`)) ??
    (await peek("model", `trip:${tripId}`)) ??
    (await budgetRefusal({ tripId, now }));
  return refusal ? { message: refusal.message, retryAfterSeconds: refusal.retryAfterSeconds ?? 60 } : null;
}

/**
 * For the organizer's Generate / Regenerate buttons: why a model-spending action can't start
 * now and from when it can (ISO time), or null. Members start no runs, so theirs is null.
 */
export async function modelSpendUnavailable(caller: {
  trip: { id: string };
  member: { id: string };
  isOrganizer: boolean;
}): Promise<{ reason: string; until: string } | null> {
  if (!caller.isOrganizer) return null;
  const now = new Date();
  const refusal = await modelSpendRefusal({ tripId: caller.trip.id, memberId: caller.member.id, now });
  return refusal
    ? { reason: refusal.message, until: new Date(now.getTime() + refusal.retryAfterSeconds * 1000).toISOString() }
    : null;
}

async function budgetRefusal({ tripId, now }: { tripId: string; now: Date }): Promise<AppError | null> {
  const env = readEnv();
  const since = startOfUtcDay(now);
  const retryAfterSeconds = Math.ceil((since.getTime() + 86_400_000 - now.getTime()) / 1000);
  const resets = `It resets at midnight UTC, ${inAbout(retryAfterSeconds)}.`;

  const trip = await modelSpendSince({ since, tripId });
  if (trip.calls >= env.MODEL_BUDGET_TRIP_CALLS || trip.tokens >= env.MODEL_BUDGET_TRIP_TOKENS) {
    return new AppError(
      "too_many:trip-model-budget",
      `This trip has used today's AI allowance (${trip.calls.toLocaleString("en-US")} of ${env.MODEL_BUDGET_TRIP_CALLS.toLocaleString("en-US")} model calls, ${trip.tokens.toLocaleString("en-US")} of ${env.MODEL_BUDGET_TRIP_TOKENS.toLocaleString("en-US")} tokens). ${resets}`,
      undefined,
      { retryAfterSeconds },
    );
  }
  const day = await modelSpendSince({ since });
  if (day.calls >= env.MODEL_BUDGET_DAY_CALLS || day.tokens >= env.MODEL_BUDGET_DAY_TOKENS) {
    return new AppError(
      "too_many:day-model-budget",
      `TripSync has used today's AI allowance for all trips. ${resets} Everything the group entered is kept.`,
      undefined,
      { retryAfterSeconds },
    );
  }
  return null;
}

function startOfUtcDay(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

/** The agent name the assistant's model spend is recorded under. */
export const ASSISTANT_AGENT = "assistant";

/**
 * Before an assistant turn: the member's own assistant rate limit, then the assistant's
 * share of the trip's budget for today — at most half of it, so chat can never starve
 * Generate — and the trip's and the server's whole budgets.
 */
export async function ensureAssistantTurnAllowed({
  tripId,
  memberId,
  now = new Date(),
}: {
  tripId: string;
  memberId: string;
  now?: Date;
}): Promise<void> {
  await consume("assistant", `member:${memberId}`);
  const left = await assistantAllowance({ tripId, now });
  if (left.calls <= 0 || left.tokens <= 0) {
    const retryAfterSeconds = Math.ceil((startOfUtcDay(now).getTime() + 86_400_000 - now.getTime()) / 1000);
    throw new AppError(
      "too_many:assistant-budget",
      `The assistant has used its share of this trip's AI allowance for today. It resets at midnight UTC, ${inAbout(retryAfterSeconds)}. Everything on the trip's pages still works.`,
      undefined,
      { retryAfterSeconds },
    );
  }
  const refusal = await budgetRefusal({ tripId, now });
  if (refusal) throw refusal;
}

/** What is left today of the assistant's half of the trip's model budget. */
export async function assistantAllowance({ tripId, now = new Date() }: { tripId: string; now?: Date }) {
  const env = readEnv();
  const spent = await modelSpendSince({ since: startOfUtcDay(now), tripId, agent: ASSISTANT_AGENT });
  return {
    calls: Math.floor(env.MODEL_BUDGET_TRIP_CALLS / 2) - spent.calls,
    tokens: Math.floor(env.MODEL_BUDGET_TRIP_TOKENS / 2) - spent.tokens,
  };
}

/** What is left of the trip's whole model budget today (for a model-spending approval card). */
export async function tripAllowance({ tripId, now = new Date() }: { tripId: string; now?: Date }) {
  const env = readEnv();
  const spent = await modelSpendSince({ since: startOfUtcDay(now), tripId });
  return {
    calls: Math.max(0, env.MODEL_BUDGET_TRIP_CALLS - spent.calls),
    totalCalls: env.MODEL_BUDGET_TRIP_CALLS,
  };
}
