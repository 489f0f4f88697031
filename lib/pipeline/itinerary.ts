import "server-only";
import { costChecker } from "@/lib/agents/cost-checker";
import { dayPlanner } from "@/lib/agents/day-planner";
import { dayPolisher } from "@/lib/agents/day-polisher";
import { dayWriter } from "@/lib/agents/day-writer";
import { feedbackGuard } from "@/lib/agents/feedback-guard";
import { itineraryGate } from "@/lib/agents/itinerary-gate";
import { itineraryRepair, REMOVABLE } from "@/lib/agents/itinerary-repair";
import { riskGuard, screenedByRules } from "@/lib/agents/risk-guard";
import { addUsage, NO_USAGE } from "@/lib/ai/usage";
import { daysBetweenInclusive } from "@/lib/dates";
import { recordedFacts } from "@/lib/db/queries/destination-facts";
import { listFlagsInForce, listOpenFeedback } from "@/lib/db/queries/feedback";
import { completeItineraryRun, currentItinerary } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getRecommendation } from "@/lib/db/queries/recommendations";
import { getRun } from "@/lib/db/queries/runs";
import { getTrip } from "@/lib/db/queries/trips";
import { PermanentError } from "@/lib/errors";
import { factsIn } from "@/lib/facts";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import type { Steps } from "@/lib/pipeline/steps";
import { fanOutFor, type RunRef, trackedSteps, type WorkflowDeps } from "@/lib/pipeline/tracked";
import type { ItineraryState } from "@/lib/schemas/itinerary-pipeline";
import type { DecisionLogEntry, PipelineState } from "@/lib/schemas/pipeline";
import type { MemberPreferences } from "@/lib/schemas/preferences";

/**
 * The itinerary workflow (PRD Flow B, and Flow C when feedback caused it), written once
 * against the Steps port and run unchanged by the local runner and by Inngest:
 *
 *   load → risk guard ∥ (feedback guard → allocate (code); again if the guard's model flags)
 *   → draft each day (parallel)
 *   → cost sanity ∥ polish → validate ⇄ repair (at most 3 rounds) → store as version N
 *
 * A generator–critic split: the allocation and the writer generate, the independent
 * compliance validator criticises, the repair takes out what it caught and the touched
 * days are drafted again. Every read, write and model call happens inside a step.
 */

export const MAX_VALIDATION_ROUNDS = 3;
/** What a validation round can mend: what a repair takes out, and what another draft of the day fixes. */
const MENDABLE = new Set([...REMOVABLE, "echo", "cost", "mode"]);

type StepOutput<S> = { patch: Partial<S>; log: DecisionLogEntry };

export async function itineraryWorkflow(
  ref: RunRef,
  steps: Steps,
  deps: WorkflowDeps,
): Promise<{ itineraryId: string; version: number }> {
  const state: Partial<ItineraryState> = {};
  const log: DecisionLogEntry[] = [];
  const fanOut = fanOutFor(deps);
  const step = trackedSteps(ref, steps);
  const apply = (out: StepOutput<ItineraryState>) => {
    Object.assign(state, out.patch);
    log.push(out.log);
  };

  apply(await step("load", "load", "Reading the trip and everyone's needs", () => load(ref, deps)));
  // A load recorded before researched places existed has none (a run resumed across that deploy).
  state.places ??= [];
  // Likewise flags in force (a run resumed across the deploy that added them).
  state.flags ??= [];

  // The answers and the feedback are screened before anything reads them. The allocation
  // (code) doesn't wait for the guard's model pass: it starts from what the rules alone
  // withhold, and is done again without the flagged text if the model flags a member's
  // answers (the first allocation is then thrown away: it reaches no later stage).
  const screened = screenedByRules(state.rawPreferences ?? []);
  const [guarded, speculative] = await Promise.all([
    step("risk-guard", "guard", "Screening answers for safety", () =>
      riskGuard.invoke(state as unknown as Partial<PipelineState>, deps, { stepId: "risk-guard", arg: undefined }),
    ),
    step("feedback-guard", "guard", "Screening feedback for safety", () =>
      feedbackGuard.invoke(state, deps, { stepId: "feedback-guard", arg: undefined }),
    ).then((feedbackGuarded) => {
      apply(feedbackGuarded);
      return step("allocate", "allocate", "Sharing the days out by area", () =>
        dayPlanner.invoke({ ...state, ...screened }, deps, { stepId: "allocate", arg: undefined }),
      );
    }),
  ]);
  apply(guarded as StepOutput<ItineraryState>);
  const modelFlagged = guarded.patch.safetyFlags?.some((f) => f.rule === "model-flagged") ?? false;
  apply(
    modelFlagged
      ? await step("allocate-screened", "allocate", "Sharing the days out again without the flagged text", () =>
          dayPlanner.invoke(state, deps, { stepId: "allocate-screened", arg: undefined }),
        )
      : speculative,
  );
  const allocation = state.allocation;
  if (!allocation) throw new Error("nothing allocated");

  const draft = async (round: number, dayNumbers: number[], problems: Map<number, string[]>) => {
    const drafted = await fanOut(dayNumbers, (day) => {
      const id = round === 0 ? `draft:${day}` : `redraft:${round}:${day}`;
      return step(
        id,
        "draft",
        `Drafting day ${day}`,
        () => dayWriter.invoke(state, deps, { stepId: id, arg: { day, problems: problems.get(day) } }),
        // A first draft goes on the progress row so every open plan page shows it before the
        // checks end. Only the first: a redraft is worded from the validator's problems, which
        // may name what one member asked for.
        round === 0 ? (written) => ({ day: written.patch.days?.find((d) => d.day === day) }) : undefined,
      );
    });
    // A redrafted day keeps the title the polish gave it.
    const polished = new Map((state.days ?? []).map((d) => [d.day, d.title]));
    const redone = new Map(
      drafted.flatMap((d) => d.patch.days ?? []).map((d) => [d.day, { ...d, title: polished.get(d.day) ?? d.title }]),
    );
    state.days = [...(state.days ?? []).filter((d) => !redone.has(d.day)), ...redone.values()].sort(
      (a, b) => a.day - b.day,
    );
    log.push(...drafted.map((d) => d.log));
  };
  await draft(
    0,
    allocation.days.map((d) => d.day),
    new Map(),
  );

  // Costs and the polish don't depend on each other: side by side.
  const [costed, polished] = await Promise.all([
    step("cost", "cost", "Working out each person's cost", () =>
      costChecker.invoke(state, deps, { stepId: "cost", arg: undefined }),
    ),
    step("polish", "polish", "Making each day flow", () =>
      dayPolisher.invoke(state, deps, { stepId: "polish", arg: undefined }),
    ),
  ]);
  apply(costed);
  apply(polished);

  for (let round = 1; ; round++) {
    apply(
      await step(`validate:${round}`, "validate", "Checking every constraint", () =>
        itineraryGate.invoke(state, deps, { stepId: `validate:${round}`, arg: undefined }),
      ),
    );
    const violations = state.violations ?? [];
    if (violations.length === 0) break;
    const fatal = violations.filter((v) => v.day === null && !["cost", "mode", "echo"].includes(v.rule));
    if (fatal.length || round >= MAX_VALIDATION_ROUNDS || violations.some((v) => !MENDABLE.has(v.rule))) {
      throw new PermanentError(
        "itinerary:unplannable",
        `We couldn't make a plan that keeps every hard constraint: ${reasonFor(fatal[0] ?? violations[0])}. Try other dates, or reopen the destination choice.`,
      );
    }
    apply(
      await step(`repair:${round}`, "validate", "Repairing what the check found", () =>
        itineraryRepair.invoke(state, deps, { stepId: `repair:${round}`, arg: undefined }),
      ),
    );
    const touched = [...new Set(violations.flatMap((v) => (v.day === null ? [] : [v.day])))];
    const problems = new Map(
      touched.map((day) => [day, violations.filter((v) => v.day === day).map((v) => v.message)]),
    );
    if (touched.length) await draft(round, touched, problems);
    apply(
      await step(`cost:${round + 1}`, "cost", "Working out each person's cost again", () =>
        costChecker.invoke(state, deps, { stepId: `cost:${round + 1}`, arg: undefined }),
      ),
    );
  }

  const { itineraryId, version } = await step("store", "store", "Saving the plan", async () => {
    const itinerary = state.itinerary;
    const brief = state.brief;
    if (!itinerary || !brief) throw new Error("nothing to store");
    // The facts every step planned from, recorded with the plan so later readers see them
    // even after the catalog changes.
    const facts = factsIn(state.places, brief.slug);
    if (!facts) throw new Error(`Unknown destination ${brief.slug}`);
    const usage = log.reduce((total, entry) => addUsage(total, entry.usage), NO_USAGE);
    const stored = await completeItineraryRun({
      runId: ref.runId,
      tripId: ref.tripId,
      endRun: !steps.endsRunItself,
      itinerary,
      source: brief.kind === "regenerate" ? "regenerated" : "generated",
      basedOnVersion: brief.basedOnVersion,
      decisionLog: log,
      usage,
      facts,
    });
    return {
      ...stored,
      log: { outputSummary: `Version ${stored.version} saved`, riskFlags: [], usage: NO_USAGE },
    };
  });
  return { itineraryId, version };
}

/** Why a plan can't be made, in words that name no member and no budget (the page may show it to everyone). */
function reasonFor(violation: { rule: string; message: string } | undefined): string {
  if (!violation) return "a check kept failing";
  if (violation.rule === "hard-cap") return "it would take a member over their own hard budget cap";
  if (violation.rule === "hard-constraint") {
    const rule = violation.message.split(": ").at(-1)?.replace(/\.$/, "");
    return `it breaks a member's hard constraint (${rule})`;
  }
  return violation.message.replace(/\.$/, "");
}

/** Everything the run plans from, read once (and memoized like any step). */
async function load(ref: RunRef, deps: WorkflowDeps): Promise<StepOutput<ItineraryState>> {
  const startedAt = deps.now();
  const started = performance.now();
  const [trip, run, members] = await Promise.all([
    getTrip({ tripId: ref.tripId }),
    getRun({ runId: ref.runId }),
    listMembersWithPreferences(ref),
  ]);
  if (!trip || !run) throw new Error(`Trip ${ref.tripId} or run ${ref.runId} is gone`);
  if (!trip.selectedDestination) throw new PermanentError("itinerary:no-destination", "Choose a destination first.");
  if (!trip.startDate || !trip.endDate)
    throw new PermanentError("itinerary:no-dates", "Confirm the trip's dates first.");
  const today = startedAt.toISOString().slice(0, 10);
  if (trip.startDate <= today) {
    throw new PermanentError(
      "itinerary:past-dates",
      "The confirmed dates have already started or passed. Pick new dates.",
    );
  }
  const regenerate = run.kind === "regenerate";
  // Flags in force bind every run that plans this trip (a first plan, a fresh one, a
  // regeneration, a repair or a re-plan after a date change): their items never come back.
  const [previous, open, flags, chosen] = await Promise.all([
    currentItinerary({ tripId: ref.tripId }),
    regenerate ? listOpenFeedback({ tripId: ref.tripId }) : Promise.resolve([]),
    listFlagsInForce({ tripId: ref.tripId }),
    trip.selectedRecommendationId ? getRecommendation({ recommendationId: trip.selectedRecommendationId }) : null,
  ]);
  const rawPreferences = members.map(({ id, name, preferences }) => ({ id, name, preferences }));
  const days = daysBetweenInclusive(trip.startDate, trip.endDate);
  const pace = groupPace(members.flatMap((m) => (m.preferences ? [m.preferences] : [])));
  const liked = chosen?.pack.taste?.liked ?? [];
  // A place researched for the group plans from the facts recorded with its card, and only those.
  const card =
    chosen?.pack.status === "ready" ? chosen.pack.options.find((o) => o.slug === trip.selectedDestination) : null;
  const researched = card?.researched
    ? await recordedFacts({ slug: card.slug, version: card.researched.factsVersion })
    : null;
  if (card?.researched && !researched?.asRecorded) {
    throw new PermanentError(
      "itinerary:facts-missing",
      `We no longer have the facts researched for ${card.name}. Generate recommendations again.`,
    );
  }
  return {
    patch: {
      tripContext: {
        tripId: trip.id,
        tripName: trip.name,
        today,
        preferencesFingerprint: preferencesFingerprint(rawPreferences),
        decisions: [],
      },
      brief: {
        slug: trip.selectedDestination,
        start: trip.startDate,
        end: trip.endDate,
        nights: days - 1,
        days,
        pace,
        kind: regenerate ? "regenerate" : "itinerary",
        basedOnVersion: previous?.version ?? null,
      },
      rawPreferences,
      feedback: open.map((f) => ({
        id: f.id,
        memberId: f.memberId,
        kind: f.kind,
        itemKey: f.itemKey,
        reason: f.reason,
        text: f.text,
        suggestedActivityId: f.suggestedActivityId,
      })),
      flags: flags.flatMap((f) =>
        f.itemKey && f.reason
          ? [{ id: f.id, memberId: f.memberId, itemKey: f.itemKey, reason: f.reason, text: f.text }]
          : [],
      ),
      // A regeneration starts from the current version (its locks and its items); a first plan from nothing.
      previous: regenerate ? (previous?.itinerary ?? null) : null,
      taste: { liked, disliked: chosen?.pack.taste?.disliked ?? [] },
      places: researched ? [{ facts: researched.facts }] : [],
    },
    log: {
      agent: "Loader",
      stepId: "load",
      inputSummary: trip.name,
      keyEvidence: [
        `${trip.startDate} to ${trip.endDate}`,
        `${open.length} open feedback items`,
        `${flags.length} flags in force`,
      ],
      outputSummary: `${days} days in ${trip.selectedDestination}, ${pace} pace`,
      riskFlags: [],
      startedAt: startedAt.toISOString(),
      ms: Math.round(performance.now() - started),
      usage: NO_USAGE,
    },
  };
}

/** The pace most of the group asked for; a tie goes to the gentler one; nobody said: balanced. */
export function groupPace(answers: Pick<MemberPreferences, "pace">[]): "relaxed" | "balanced" | "packed" {
  const count = { relaxed: 0, balanced: 0, packed: 0 };
  for (const a of answers) if (a.pace) count[a.pace]++;
  const top = Math.max(count.relaxed, count.balanced, count.packed);
  if (top === 0) return "balanced";
  return count.relaxed === top ? "relaxed" : count.balanced === top ? "balanced" : "packed";
}
