import { eq } from "drizzle-orm";
import * as actions from "@/lib/actions";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { savePreferences } from "@/lib/db/queries/preferences";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { createRunOrGetActive, getRun, listRunSteps } from "@/lib/db/queries/runs";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { trips } from "@/lib/db/schema";
import { factsFor } from "@/lib/facts";
import { type LocalRunnerOptions, runLocal } from "@/lib/pipeline/local-runner";
import type { WorkflowDeps } from "@/lib/pipeline/tracked";
import type { ItineraryState } from "@/lib/schemas/itinerary-pipeline";
import type { MemberPreferences, MemberPreferencesInput } from "@/lib/schemas/preferences";
import { organizerItemsOf, validateItinerary } from "@/lib/validation/itinerary";
import { tripWithAnswers } from "@/test/fixtures";
import { runPipeline, testDeps } from "@/test/pipeline";

/**
 * A trip taken to planning: the group answers, recommendations run, the organizer
 * chooses (the first option, or `slug` when it is among them) and confirms the dates.
 */
export async function plannedTrip(
  group: { name: string; answers: MemberPreferencesInput | null }[],
  { slug, start, end }: { slug?: string; start: string; end: string },
) {
  const trip = await tripWithAnswers(group);
  await runPipeline(trip.tripId);
  const stored = await latestRecommendations({ tripId: trip.tripId });
  if (stored?.pack.status !== "ready") throw new Error(`no options for the group: ${stored?.pack.status}`);
  const option = stored.pack.options.find((o) => o.slug === slug) ?? stored.pack.options[0];
  if (!option) throw new Error("no option");
  const chosen = await actions.chooseDestination(trip.organizer.ctx, {
    tripId: trip.tripId,
    recommendationId: stored.id,
    slug: option.slug,
  });
  if (!chosen.ok) throw new Error(chosen.message);
  const dated = await actions.setTripDates(trip.organizer.ctx, { tripId: trip.tripId, start, end });
  if (!dated.ok) throw new Error(dated.message);
  return { ...trip, slug: option.slug };
}

/** Runs an itinerary (or a regeneration) to its end on the local runner. */
export async function runItinerary(
  tripId: string,
  kind: "itinerary" | "regenerate" = "itinerary",
  deps: WorkflowDeps = testDeps(),
  options: LocalRunnerOptions = {},
) {
  const { run } = await createRunOrGetActive({ tripId, kind, engine: "local", requestedBy: null });
  await runLocal(run.id, deps, { backoffMs: () => 0, ...options });
  return (await getRun({ runId: run.id })) ?? run;
}

/** The current version, and what the independent validator says of it against what the run saw. */
export async function itineraryOutcome(tripId: string, runId: string) {
  const stored = await currentItinerary({ tripId });
  const steps = await listRunSteps({ runId });
  const patch = (id: string) =>
    (steps.find((s) => s.stepId === id)?.result as { patch: Partial<ItineraryState> } | undefined)?.patch;
  const brief = patch("load")?.brief;
  const facts = brief ? factsFor(brief.slug) : undefined;
  const violations =
    stored && facts && brief
      ? validateItinerary(stored.itinerary, {
          members: patch("risk-guard")?.rawPreferences ?? patch("load")?.rawPreferences ?? [],
          facts,
          dates: brief.start && brief.end ? { start: brief.start, end: brief.end } : null,
          plannedOn: patch("load")?.tripContext?.today ?? "",
          feedback: patch("feedback-guard")?.feedback ?? [],
          // Only the organizer's own items of the version the run started from.
          organizerItems: organizerItemsOf(patch("load")?.previous ?? null),
        })
      : [];
  return { stored, steps, violations, brief };
}

/**
 * A trip put straight into planning (for property tests that don't need recommendations):
 * the members' answers, a chosen destination and confirmed dates.
 */
export async function planningTrip(
  answers: (MemberPreferences | null)[],
  { slug, start, end }: { slug: string; start: string; end: string },
) {
  const [organizer, ...others] = answers;
  const organizerToken = newToken();
  const { trip, organizer: organizerRow } = await createTripWithOrganizer({
    name: "Generated group",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(organizerToken) },
    answeredMembers: others.flatMap((p, i) =>
      p ? [{ name: `Member ${i}`, preferences: p, tokenHash: hashToken(newToken()) }] : [],
    ),
  });
  if (organizer)
    await savePreferences({ tripId: trip.id, memberId: organizerRow.id, data: organizer, expectedVersion: 0 });
  const db = await getDb();
  await db
    .update(trips)
    .set({ status: "planning", selectedDestination: slug, startDate: start, endDate: end })
    .where(eq(trips.id, trip.id));
  return { tripId: trip.id, organizerToken };
}
