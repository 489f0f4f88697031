import { useSyncExternalStore } from "react";
import { withDraftedDay } from "@/lib/planning/drafted-days";
import type { CostsBoard } from "@/lib/schemas/costs-board";
import type { ItineraryDay } from "@/lib/schemas/itinerary";
import type {
  EarlyCard,
  FeedbackChange,
  GroupSlice,
  LiveMessage,
  TimelineEntry,
  VoteTally,
} from "@/lib/schemas/trip-events";
import type { TripStatus } from "@/lib/trip-status";
import type { RunKind } from "./live-policy";

/**
 * What the trip's live channel has told this tab, for the client components that own a
 * slice of the page: runs (their timeline, the cards that passed their checks, the
 * shortlist), vote tallies, flags, and the dashboard's group sections (who is in, conflicts,
 * requests). `LiveTrip` feeds it; components read it with the hooks
 * below, starting from what the server rendered. It lives for the life of the tab, so a
 * part that mounts later (a timeline after a refresh) still sees what arrived before it.
 *
 * Everything here arrived after the page's server render (the channel starts at the
 * page's cursor), so where both know something the store is the newer word.
 */

export type { RunKind } from "./live-policy";

export type LiveRun = {
  id: string;
  kind: RunKind | null;
  status: "running" | "succeeded" | "failed";
  timeline: TimelineEntry[];
  /** Cards that passed their check, in the order they did (not all are on the shortlist). */
  cards: EarlyCard[];
  /** The shortlist, once the ranker has picked it. */
  picks: string[] | null;
  /** A plan run's days as first drafted, before its checks, in day order. */
  days: ItineraryDay[];
};

type State = {
  runs: ReadonlyMap<string, LiveRun>;
  /** Run ids in the order they started on the channel. */
  started: readonly string[];
  tallies: ReadonlyMap<string, VoteTally>;
  /** Flags and suggestions as last heard, by id. */
  feedback: ReadonlyMap<string, FeedbackChange>;
  /** The trip's stage as last heard (a run's start moves it without a render of the page). */
  tripStatus: TripStatus | null;
  /** The dashboard's group sections as last heard (who is in, conflicts, requests, the viewer's fixes). */
  group: GroupSlice | null;
  /** The viewer's costs board as last heard (balances, settle-up, their own standing). */
  costs: CostsBoard | null;
  /** The trip the channel feeding this store is about (the group slice is that trip's). */
  trip: string | null;
  /** Someone's answers changed since the page was rendered: its figures (dates, budget, vibes) are older. */
  answersChanged: boolean;
  /** The event id each tally, flag, group slice and change of answers was heard in: a page rendered after it already has it (or newer). */
  heardIn: ReadonlyMap<string, number>;
};

let state: State = {
  runs: new Map(),
  started: [],
  tallies: new Map(),
  feedback: new Map(),
  tripStatus: null,
  group: null,
  costs: null,
  trip: null,
  answersChanged: false,
  heardIn: new Map(),
};
const listeners = new Set<() => void>();

function update(next: Partial<State>) {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

function runOf(runId: string): LiveRun {
  return (
    state.runs.get(runId) ?? {
      id: runId,
      kind: null,
      status: "running",
      timeline: [],
      cards: [],
      picks: null,
      days: [],
    }
  );
}

function putRun(run: LiveRun) {
  const runs = new Map(state.runs);
  runs.set(run.id, run);
  update({ runs, started: state.started.includes(run.id) ? state.started : [...state.started, run.id] });
}

/**
 * Takes one message into the store. Answers whether the message was fully taken (false: it
 * lacked the payload its kind should carry, and the page must re-read instead).
 */
export function applyLiveMessage(message: LiveMessage): boolean {
  switch (message.kind) {
    case "run.started": {
      if (message.tripStatus) update({ tripStatus: message.tripStatus });
      putRun({ ...runOf(message.runId), kind: message.runKind ?? null });
      return message.runKind !== undefined;
    }
    case "run.progress": {
      const run = runOf(message.runId);
      const known = run.timeline.some((e) => e.id === message.progress.id);
      const card = message.payload?.card ?? null;
      const day = message.payload?.day ?? null;
      putRun({
        ...run,
        timeline: known ? run.timeline : [...run.timeline, message.progress],
        cards: card && !run.cards.some((c) => c.option.slug === card.option.slug) ? [...run.cards, card] : run.cards,
        picks: message.payload?.picks ?? run.picks,
        days: day ? withDraftedDay(run.days, day) : run.days,
      });
      return message.payload !== undefined;
    }
    case "run.ended": {
      putRun({ ...runOf(message.runId), status: message.status });
      return true;
    }
    case "vote.changed": {
      if (!message.payload) return false;
      const tallies = new Map(state.tallies);
      tallies.set(message.recommendationId, message.payload.tally);
      update({ tallies, heardIn: new Map(state.heardIn).set(`tally:${message.recommendationId}`, message.id) });
      return true;
    }
    case "feedback.changed": {
      const change = message.payload?.feedback;
      if (!change) return false;
      const feedback = new Map(state.feedback);
      feedback.set(change.id, change);
      update({ feedback, heardIn: new Map(state.heardIn).set(`feedback:${change.id}`, message.id) });
      return true;
    }
    case "trip.changed": {
      update({ tripStatus: message.status });
      return true;
    }
    case "costs.changed": {
      const board = message.payload?.board;
      if (!board) return false;
      update({ costs: board, heardIn: new Map(state.heardIn).set("costs:", message.id) });
      return true;
    }
    case "member.joined":
    case "preferences.saved":
    case "preferences.erased":
    case "request.changed": {
      const group = message.payload?.group;
      if (!group) return false;
      const heardIn = new Map(state.heardIn).set("group:", message.id);
      const answers = message.kind === "preferences.saved" || message.kind === "preferences.erased";
      if (answers) heardIn.set("answers:", message.id);
      update({ group, answersChanged: state.answersChanged || answers, heardIn });
      return true;
    }
    default:
      return true;
  }
}

/** The channel now feeds `tripId`'s page: what was heard of another trip's group no longer applies. */
export function listenToTrip(tripId: string) {
  if (state.trip !== tripId) update({ trip: tripId, group: null, costs: null, answersChanged: false });
}

/** The kind of a run heard starting on the channel (null: not heard, or its payload was missing). */
export function liveRunKind(runId: string): RunKind | null {
  return state.runs.get(runId)?.kind ?? null;
}

/** After a resync the page re-reads everything: tallies heard before it are no longer the newest word. */
export function forgetTallies() {
  update({
    tallies: new Map(),
    feedback: new Map(),
    group: null,
    costs: null,
    answersChanged: false,
    heardIn: new Map(),
  });
}

/**
 * A page rendered on the server up to event `cursor` already shows every tally and flag heard
 * in events up to it, and newer words than those (a regeneration's outcomes publish no event of
 * their own): only what was heard after the render still overrides it.
 */
export function forgetHeardBy(cursor: number) {
  const heardIn = new Map(state.heardIn);
  const tallies = new Map(state.tallies);
  const feedback = new Map(state.feedback);
  let { group, costs, answersChanged } = state;
  let changed = false;
  for (const [key, id] of state.heardIn) {
    if (id > cursor) continue;
    heardIn.delete(key);
    const [kind, itemId] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
    if (kind === "tally") tallies.delete(itemId);
    else if (kind === "group") group = null;
    else if (kind === "costs") costs = null;
    else if (kind === "answers") answersChanged = false;
    else feedback.delete(itemId);
    changed = true;
  }
  if (changed) update({ tallies, feedback, group, costs, answersChanged, heardIn });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function useStore<T>(select: (s: State) => T, serverValue: T): T {
  return useSyncExternalStore(
    subscribe,
    () => select(state),
    () => serverValue,
  );
}

const NO_RUNS: LiveRun[] = [];
let startedCache: { state: State | null; runs: LiveRun[] } = { state: null, runs: NO_RUNS };

/** Runs heard starting on the channel, oldest first (none during server rendering). */
export function useStartedRuns(): LiveRun[] {
  return useStore((s) => {
    if (startedCache.state !== s) {
      startedCache = { state: s, runs: s.started.flatMap((id) => s.runs.get(id) ?? []) };
    }
    return startedCache.runs;
  }, NO_RUNS);
}

/** What the channel said of one run (null: nothing yet). */
export function useLiveRunById(runId: string | null): LiveRun | null {
  return useStore((s) => (runId ? (s.runs.get(runId) ?? null) : null), null);
}

/** The progress of `runId` heard since this tab opened. */
export function useLiveProgress(runId: string): TimelineEntry[] {
  return useLiveRunById(runId)?.timeline ?? NO_ENTRIES;
}
const NO_ENTRIES: TimelineEntry[] = [];

/** The trip's stage: as last heard on the channel, else as the page was rendered. */
export function useTripStatus(rendered: TripStatus): TripStatus {
  return useStore((s) => s.tripStatus ?? rendered, rendered);
}

/** What the channel said of `tripId`'s group since the page was rendered (null: nothing newer than the page). */
export function liveGroup(tripId: string, s: State = state): { group: GroupSlice | null; answersChanged: boolean } {
  return s.trip === tripId
    ? { group: s.group, answersChanged: s.answersChanged }
    : { group: null, answersChanged: false };
}

/** The dashboard's group sections: as last heard on the channel, else as the page was rendered. */
export function useGroupSlice(tripId: string, rendered: GroupSlice): GroupSlice {
  return useStore((s) => liveGroup(tripId, s).group ?? rendered, rendered);
}

/** Whether someone's answers changed since the page was rendered (its figures are older than the group's). */
export function useAnswersChanged(tripId: string): boolean {
  return useStore((s) => liveGroup(tripId, s).answersChanged, false);
}

/** The latest tally of a set of cards heard on the channel (null: none since the page was rendered). */
export function useVoteTally(recommendationId: string): VoteTally | null {
  return useStore((s) => s.tallies.get(recommendationId) ?? null, null);
}

const NO_FEEDBACK: ReadonlyMap<string, FeedbackChange> = new Map();

/**
 * The flags and suggestions to show: the server's, each replaced by what the channel said of
 * it since, plus new ones that `belongs` places here.
 */
export function useLiveFeedback<T extends FeedbackChange>(
  rendered: T[],
  belongs: (f: FeedbackChange) => boolean,
): (T | FeedbackChange)[] {
  const live = useStore((s) => s.feedback, NO_FEEDBACK);
  if (live.size === 0) return rendered;
  const known = new Set(rendered.map((f) => f.id));
  const updated = rendered.map((f) => live.get(f.id) ?? f);
  const added = [...live.values()].filter((f) => !known.has(f.id) && belongs(f));
  return [...updated, ...added];
}

/** The viewer's costs board: as last heard on the channel, else as the page was rendered. */
export function useCostsBoard(tripId: string, rendered: CostsBoard): CostsBoard {
  return useStore((s) => (s.trip === tripId ? s.costs : null) ?? rendered, rendered);
}
