import { eq } from "drizzle-orm";
import { expect } from "vitest";
import * as actions from "@/lib/actions";
import { tripCookieName } from "@/lib/auth/session";
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
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { ItineraryState } from "@/lib/schemas/itinerary-pipeline";
import { MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";
import { organizerItemsOf, validateItinerary } from "@/lib/validation/itinerary";
import { browser } from "@/test/browser";
import { answers as answersOf, tripWithAnswers } from "@/test/fixtures";
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
  // Each answered member's token, in order (Member 0 first), so a test can act as them.
  const memberTokens: string[] = [];
  const { trip, organizer: organizerRow } = await createTripWithOrganizer({
    name: "Generated group",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(organizerToken) },
    answeredMembers: others.flatMap((p, i) => {
      if (!p) return [];
      const token = newToken();
      memberTokens.push(token);
      return [{ name: `Member ${i}`, preferences: p, tokenHash: hashToken(token) }];
    }),
  });
  if (organizer)
    await savePreferences({ tripId: trip.id, memberId: organizerRow.id, data: organizer, expectedVersion: 0 });
  const db = await getDb();
  await db
    .update(trips)
    .set({ status: "planning", selectedDestination: slug, startDate: start, endDate: end })
    .where(eq(trips.id, trip.id));
  return { tripId: trip.id, organizerToken, memberTokens };
}

/** Each day's item keys, in order. */
export const keysOf = (plan: Itinerary) => plan.days.map((d) => d.items.map((i) => i.key));

/**
 * A known plan to edit by hand: what the offline planner makes for this group in Lisbon,
 * Mon 10 – Fri 14 May 2027 (balanced pace: at most 3 activities a day, one a slot; Member 0
 * needs hearing access):
 *   day 1  lx-factory (afternoon 13:30, 2h, $0), park-bar-rooftop (evening 20:00, $15)
 *   day 2  feira-da-ladra (09:00, $0), national-azulejo-museum (13:30, $9), ginjinha-espinheira (20:00, $2)
 *   day 3  belem-tower (morning 09:30, 1h, $11), pilar-7-bridge (afternoon 13:30, 1h, $7)
 *   day 4  jeronimos-monastery (09:30, $20), national-coach-museum (13:30, $11)
 *   day 5  lisbon-cathedral-se (09:30, $6), principe-real-stroll (afternoon 13:30, 2h, $0)
 * Activities come to $81 a person; Olga (from Boston) $700 flight + 4 × $150 + $81 = $1,381,
 * Member 0 (from Chicago) $850 + $600 + $81 = $1,531. Checked on every call: the tests that
 * use it work from these figures.
 */
export async function lisbonPlan() {
  const olga = MemberPreferences.parse(
    answersOf({ origin: "Boston", pace: "balanced", budget: { min: 500, max: 3000, hardLimit: false } }),
  );
  const sam = MemberPreferences.parse(
    answersOf({ origin: "Chicago", accessibility: ["hearing"], budget: { min: 500, max: 3000, hardLimit: false } }),
  );
  const trip = await planningTrip([olga, sam], { slug: "lisbon", start: "2027-05-10", end: "2027-05-14" });
  const run = await runItinerary(trip.tripId);
  expect(run.status).toBe("succeeded");
  const organizer = browser(new Map([[tripCookieName(trip.tripId), trip.organizerToken]]));
  const v1 = await currentItinerary({ tripId: trip.tripId });
  if (!v1) throw new Error("no plan");
  expect(keysOf(v1.itinerary)).toEqual([
    ["a:lx-factory", "a:park-bar-rooftop"],
    ["a:feira-da-ladra", "a:national-azulejo-museum", "a:ginjinha-espinheira"],
    ["a:belem-tower", "a:pilar-7-bridge"],
    ["a:jeronimos-monastery", "a:national-coach-museum"],
    ["a:lisbon-cathedral-se", "a:principe-real-stroll"],
  ]);
  // Member 0, who answered (Sam's answers: from Chicago, hearing access).
  const member = browser(new Map([[tripCookieName(trip.tripId), trip.memberTokens[0] ?? ""]]));
  return { tripId: trip.tripId, organizer, member, firstRunId: run.id };
}
