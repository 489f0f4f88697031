import "server-only";
import { z } from "zod";
import { tripAction } from "@/lib/actions/define";
import type { Caller } from "@/lib/auth/guards";
import { getPreferences } from "@/lib/db/queries/preferences";
import { AppError } from "@/lib/errors";
import type { DecisionView } from "@/lib/schemas/decisions";
import type { Itinerary } from "@/lib/schemas/itinerary";
import type { MemberCost } from "@/lib/schemas/money";
import { TripId } from "@/lib/schemas/trip";
import { versionNumber } from "@/lib/schemas/version";
import { heldBackReason } from "@/lib/screened-answers";
import { loadDashboard, withoutConstraintAttribution } from "@/lib/views/dashboard";
import { loadItineraryView } from "@/lib/views/itinerary";
import { loadRecommendationsView } from "@/lib/views/recommendations";
import { loadYourTurn } from "@/lib/views/your-turn";
import { yourTurn } from "@/lib/your-turn";
import { untrusted, WITHHELD } from "./untrusted";

/**
 * The reading tools: the same viewer-scoped loaders the pages use (so the same privacy),
 * projected to what a model needs. Every one is only the caller's: their own costs, their
 * own answers, their own fixes; other members appear by name and whether they answered,
 * never with their answers, budgets, costs or needs. No invite, share or sign-in link.
 * Member-written and researched text is wrapped (./untrusted.ts); held-back text is withheld.
 */

const TripOnly = z.object({ tripId: TripId.describe("The trip (bound from the page, never chosen by the model).") });

/** The caller's own line of a cost list (members see theirs; here the organizer does too). */
function ownCost(costs: MemberCost[], caller: Caller) {
  const mine = costs.find((c) => c.memberId === caller.member.id);
  if (!mine) return null;
  return {
    total: mine.total,
    overMyBudgetBy: mine.overBy,
    breaksMyHardCap: mine.breaksHardCap,
    accommodation: mine.tier,
    lines: mine.lines.map((l) => ({ item: l.item, usd: l.usd, basis: l.basis })),
  };
}

/** The organizer's decision: its note and who decided (a member's name) are their words. */
function decisionOut({ note, decidedBy, ...decision }: DecisionView) {
  return { ...decision, note: note ? untrusted(note) : null, decidedBy: untrusted(decidedBy) };
}

export const readTrip = tripAction({
  name: "readTrip",
  needs: {
    members: [
      "who is coming",
      "whos coming on the trip",
      "who else is on this trip",
      "who's in the group",
      "list the members",
      "who is the organizer",
      "whos in",
      "quién viene",
      "qui vient",
      "wer kommt mit",
      "chi viene",
      "quem vem",
      "кто едет",
      "кто едет с нами",
      "谁去",
      "谁来",
    ],
    dates: [
      "when is the trip",
      "when exactly is the trip",
      "what are the dates",
      "how many days is the trip",
      "when do we leave",
      "when do we go",
      "cuándo es el viaje",
      "quand part-on",
      "wann ist die Reise",
      "quando è il viaggio",
      "quando é a viagem",
    ],
    destination: [
      "where are we going",
      "what's the destination",
      "where is the trip",
      "where are we headed",
      "adónde vamos",
      "où allons-nous",
      "wohin fahren wir",
    ],
    status: [
      "what's next for our trip",
      "where does the trip stand",
      "who hasn't answered yet",
      "what's my next step",
      "what do i need to do",
      "qué sigue",
      "quelle est la prochaine étape",
      "was ist der nächste Schritt",
    ],
  },
  description:
    "The trip as I see it now: its name, description and status, who is in it and who has answered, the organizer's decisions, and what is my turn to do next.",
  access: "member",
  effect: "read",
  input: TripOnly.strict(),
  async run({ caller }) {
    const dashboard = await loadDashboard(caller);
    const recommendations = await loadRecommendationsView(caller);
    const turn = yourTurn(await loadYourTurn(caller, dashboard, recommendations));
    return {
      trip: {
        name: untrusted(dashboard.trip.name),
        description: dashboard.trip.description ? untrusted(dashboard.trip.description) : null,
        status: dashboard.trip.status,
        dates: caller.trip.startDate ? { start: caller.trip.startDate, end: caller.trip.endDate } : null,
        destination: caller.trip.selectedDestination,
      },
      me: { memberId: caller.member.id, isOrganizer: caller.isOrganizer, answered: dashboard.viewer.hasResponded },
      members: dashboard.members.map((m) => ({
        memberId: m.id,
        name: untrusted(m.name),
        role: m.role,
        answered: m.responded,
      })),
      decisions: dashboard.decisions.map(decisionOut),
      myTurn: turn.mine.map((t) => ({
        step: t.id,
        title: t.quotesMember ? untrusted(t.title) : t.title,
        detail: t.quotesMember && t.detail ? untrusted(t.detail) : t.detail,
        where: t.href,
      })),
      waitingOn: turn.waitingOn,
    };
  },
});

export const readConflicts = tripAction({
  name: "readConflicts",
  needs: {
    conflicts: [
      "what do we still disagree on",
      "are there any conflicts",
      "where do we clash",
      "en qué no estamos de acuerdo",
      "sur quoi sommes-nous en désaccord",
      "worüber sind wir uns uneinig",
    ],
  },
  description:
    "Where the group's answers disagree (dates, budget, trip length, domestic or abroad, needs), the organizer's requests to me, and my own fixes: changes to my own answers that would solve a conflict, each with the id to apply it.",
  access: "member",
  effect: "read",
  input: TripOnly.strict(),
  async run({ caller }) {
    const d = await loadDashboard(caller);
    return {
      conflicts: withoutConstraintAttribution(d.conflicts).map((c) => ({
        kind: c.kind,
        severity: c.severity,
        summary: untrusted(c.summary),
        suggestedResolutions: c.suggestedResolutions.map(untrusted),
      })),
      decisions: d.decisions.map(decisionOut),
      requestsToMe: d.requests
        .filter((r) => r.memberId === caller.member.id)
        .map((r) => ({ conflict: r.conflict, declined: r.declined })),
      myFixes: d.fixes.resolutions.map((r) => ({
        resolutionId: r.id,
        conflict: r.conflict,
        label: r.label,
        changes: r.changes,
      })),
      myAnswersVersion: d.fixes.answersVersion,
      ...(caller.isOrganizer ? { askable: d.askable } : {}),
    };
  },
});

export const readRecommendations = tripAction({
  name: "readRecommendations",
  description:
    "The destination ideas for the group: each with why it fits, tradeoffs, my own cost, and the votes; my vote, whether voting is open, and the chosen destination.",
  access: "member",
  effect: "read",
  input: TripOnly.strict(),
  async run({ caller }) {
    const view = await loadRecommendationsView(caller);
    const current = view.current;
    return {
      running: view.run?.status === "running",
      chosen: view.selected,
      recommendationId: current?.id ?? null,
      stale: current?.stale ?? false,
      myVote: current?.myVote ?? null,
      voting: current
        ? { open: current.voting.open, voted: current.voting.voted, members: current.voting.members }
        : null,
      options: (current?.pack.options ?? []).map((o) => ({
        slug: o.slug,
        name: untrusted(o.name),
        country: o.country,
        whyItFits: o.whyItFits.map(untrusted),
        tradeoffs: o.tradeoffs.map((t) => untrusted(t.summary)),
        groupCostPerPerson: o.costPerPerson,
        myCost: ownCost(o.costs, caller),
        othersOverBudget: current?.othersStretched[o.slug] ?? 0,
        days: o.trip.days,
        dates: o.trip.start ? { start: o.trip.start, end: o.trip.end } : null,
        votes: current?.votes[o.slug] ?? 0,
        verified: o.verified,
      })),
    };
  },
});

function planDays(itinerary: Itinerary) {
  return itinerary.days.map((d) => ({
    day: d.day,
    date: d.date,
    title: untrusted(d.title),
    items: d.items.map((i) => ({
      itemKey: i.key,
      activityId: i.activityId,
      title: untrusted(i.title),
      area: untrusted(i.area),
      slot: i.slot,
      startTime: i.startTime,
      hours: i.durationHours,
      costPerPerson: i.costPerPerson,
      locked: i.locked,
    })),
    meals: d.meals.map((m) => ({ meal: m.meal, time: m.time, name: untrusted(m.name), cuisine: untrusted(m.cuisine) })),
  }));
}

export const readPlan = tripAction({
  name: "readPlan",
  needs: {
    plan: [
      "show me the plan",
      "what's the itinerary",
      "what's the schedule",
      "muéstrame el plan",
      "montre-moi le programme",
      "zeig mir den Plan",
    ],
    day: [
      "what are we doing on the second day",
      "what's on day 3",
      "wats on monday",
      "what's happening saturday",
      "what do we do on the last day",
      "show me day 1",
      "where are we eating dinner the first night",
      "what's for lunch on day 2",
      "qué hacemos el día 2",
      "qu'est-ce qu'on fait le premier jour",
      "was machen wir am ersten Tag",
      "cosa facciamo il secondo giorno",
      "o que fazemos no dia 2",
      "day2",
    ],
    when: [
      "when is the coach museum",
      "what time is the flea market",
      "when do we go to the cathedral",
      "which day is the tower",
      "wen is the flea market",
      "cuándo es el museo",
      "quand est le musée",
      "wann ist das Museum",
    ],
    weather: [
      "what's the weather like",
      "what should i pack",
      "is it going to be hot",
      "qué tiempo hará",
      "quel temps fera-t-il",
      "wie wird das Wetter",
    ],
    feedback: [
      "read me the suggestions",
      "any suggestions from the group",
      "what has the group suggested",
      "what did people flag",
      "show the flags and suggestions",
      "what has everyone suggested",
      "lee las sugerencias",
      "montre les suggestions",
    ],
  },
  description:
    "The day-by-day plan: the current version (or the one asked for), my own cost, the versions and what changed in the latest, the group's open flags and suggestions, and the regenerations left.",
  access: "member",
  effect: "read",
  input: z
    .object({
      tripId: TripId.describe("The trip (bound from the page, never chosen by the model)."),
      version: versionNumber().optional().describe("An earlier version of the plan to read; absent: the current one."),
    })
    .strict(),
  async run({ input, caller }) {
    const view = await loadItineraryView(caller, { version: input.version });
    if (input.version !== undefined && input.version !== view.current?.version && !view.shown) {
      throw new AppError("not_found:version", noSuchVersion(input.version, view.versions));
    }
    const shown = view.shown ?? view.current;
    return {
      status: view.trip.status,
      destination: view.trip.destination?.slug ?? null,
      dates: view.trip.dates,
      running: view.run?.status === "running",
      currentVersion: view.current?.version ?? null,
      plan: shown
        ? {
            version: shown.version,
            days: planDays(shown.itinerary),
            myCost: ownCost(shown.itinerary.costs, caller),
            packingList: shown.itinerary.packingList.map(untrusted),
            weather: untrusted(shown.itinerary.weather.note),
          }
        : null,
      versions: view.versions.map((v) => ({ version: v.version, source: v.source, basedOn: v.basedOnVersion })),
      latestChange: view.diff
        ? {
            from: view.diff.from,
            to: view.diff.to,
            added: view.diff.changes.added.map((a) => ({ itemKey: a.key, title: untrusted(a.title), at: a.at })),
            removed: view.diff.changes.removed.map((a) => ({ itemKey: a.key, title: untrusted(a.title), at: a.at })),
            moved: view.diff.changes.moved.map((a) => ({
              itemKey: a.key,
              title: untrusted(a.title),
              from: a.from,
              to: a.to,
            })),
            myCost:
              view.diff.changes.costs
                .filter((c) => c.memberId === caller.member.id)
                .map(({ before, after }) => ({ before, after }))[0] ?? null,
          }
        : null,
      feedback: view.feedback
        .filter((f) => f.status === "open")
        .map((f) => ({
          feedbackId: f.id,
          kind: f.kind,
          mine: f.mine,
          by: untrusted(f.memberName),
          itemKey: f.itemKey,
          reason: f.reason,
          text: f.heldBack || heldBackReason(f.text) ? WITHHELD : f.text ? untrusted(f.text) : null,
          suggestedActivityId: f.suggestedActivityId,
          onVersion: f.itineraryVersion,
        })),
      regenerations: view.regenerations,
      otherActivities: view.otherActivities.map((a) => ({
        activityId: a.id,
        title: untrusted(a.title),
        costPerPerson: a.costUsd,
      })),
    };
  },
});

export const readMyAnswers = tripAction({
  name: "readMyAnswers",
  needs: {
    cost: [
      "how much is this whole trip going to cost me",
      "what does this trip cost me",
      "what am i paying for all this",
      "how much do i owe",
      "what's my share",
      "can i get it under $1,200",
      "cuánto me cuesta el viaje",
      "combien me coûte le voyage",
      "was kostet mich die Reise",
      "quanto mi costa il viaggio",
      "quanto me custa a viagem",
      "сколько мне стоит поездка",
      "这次旅行我要花多少钱",
      "我要花多少钱",
    ],
    answers: [
      "show my answers",
      "what did i answer",
      "what's my budget",
      "what are my dates",
      "mis respuestas",
      "mes réponses",
      "meine Antworten",
    ],
  },
  description:
    "My own answers (dates, trip length, budget, interests, hard no's, pace, where I travel from, notes) with their version, and my own cost of the current plan.",
  access: "member",
  effect: "read",
  input: TripOnly.strict(),
  async run({ caller }) {
    const [own, view] = await Promise.all([getPreferences({ memberId: caller.member.id }), loadItineraryView(caller)]);
    if (!own) return { answered: false as const, version: 0, answers: null, myPlanCost: null };
    const a = own.data;
    return {
      answered: true as const,
      version: own.version,
      answers: {
        ...a,
        hardNos: a.hardNos.map(untrusted),
        mustHaves: a.mustHaves.map(untrusted),
        origin: a.origin ? untrusted(a.origin) : null,
        suggestedPlace: a.suggestedPlace ? untrusted(a.suggestedPlace) : null,
        notes: a.notes ? untrusted(a.notes) : null,
      },
      myPlanCost: view.current ? ownCost(view.current.itinerary.costs, caller) : null,
    };
  },
});

/** "There is no version 7: the plan has versions 1, 2 and 3." (or none yet). */
function noSuchVersion(asked: number, versions: { version: number }[]): string {
  const numbers = versions.map((v) => v.version).sort((a, b) => a - b);
  if (numbers.length === 0) return `There is no version ${asked}: the trip has no plan yet.`;
  if (numbers.length === 1) return `There is no version ${asked}: the plan has only version ${numbers[0]}.`;
  const listed = `${numbers.slice(0, -1).join(", ")} and ${numbers.at(-1)}`;
  return `There is no version ${asked}: the plan has versions ${listed}.`;
}

/** The reading tools, by name (the registry lists them beside the actions). */
export const READ_ACTIONS = { readTrip, readConflicts, readRecommendations, readPlan, readMyAnswers };
