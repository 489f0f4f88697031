import "server-only";
import { aggregatePreferences, detectConflicts } from "@/lib/agents/aggregation";
import type { Caller } from "@/lib/auth/guards";
import { listDecisions } from "@/lib/db/queries/decisions";
import { modelFlaggedTexts } from "@/lib/db/queries/held-back";
import { listMembersWithPreferences, type MemberWithPreferences } from "@/lib/db/queries/members";
import { listRequests, type ResolutionRequest } from "@/lib/db/queries/requests";
import type { Trip, TripStatus } from "@/lib/db/schema";
import { memberHome } from "@/lib/places/home";
import { fewFitFor, openersSeenBy } from "@/lib/planning/openers";
import { type Resolution, resolutionsFor } from "@/lib/resolutions";
import type { DecisionView } from "@/lib/schemas/decisions";
import { anonymousMemberId, type Conflict, type GroupProfile } from "@/lib/schemas/group-profile";
import { availableWindows, type MemberPreferences } from "@/lib/schemas/preferences";
import type { Opener } from "@/lib/schemas/recommendations";
import type { GroupSlice } from "@/lib/schemas/trip-events";
import { type HeldBack, heldBackFor, heldBackReason, screenAnswers } from "@/lib/screened-answers";
import { type DeviceRow, shortDateTime } from "@/lib/views/devices";

/**
 * Everything the dashboard shows, as seen by `caller`. Members see the group's
 * constraints in aggregate only; who asked for what is for the organizer. Nobody sees
 * another member's raw answers (notes, origin, …) here.
 */
export type HomeNote = "unconfirmed" | "missing";

/** Why a member's travel isn't priced, if it isn't: their home is not confirmed, or not given. */
function homeNoteOf(p: Pick<MemberPreferences, "origin" | "originPlace">): { homeNote?: HomeNote } {
  if (memberHome(p).place !== null) return {};
  return { homeNote: p.origin?.trim() ? "unconfirmed" : "missing" };
}

export interface DashboardView {
  trip: { id: string; name: string; description: string; status: TripStatus; invitePath: string };
  viewer: { memberId: string; name: string; isOrganizer: boolean; hasResponded: boolean };
  members: {
    id: string;
    name: string;
    role: "organizer" | "member";
    responded: boolean;
    /**
     * Shown to the member and the organizer only, while their travel isn't priced: a home
     * typed but not confirmed ("unconfirmed"), or none given ("missing").
     */
    homeNote?: HomeNote;
    /**
     * They started over on a new device (a help link): their answers, votes and open flags
     * went. Everyone sees it: "Sam started over on a new device, Dec 1 22:31 UTC".
     */
    startedOver?: string;
  }[];
  profile: GroupProfile;
  conflicts: Conflict[];
  /** The organizer's decisions on conflicts, with who decided and when (everyone sees them). */
  decisions: DecisionView[];
  /**
   * Requests to look at a conflict: the organizer sees everyone's, a member their own. Only
   * those the member's answers can still fix (the rest were answered by the change).
   */
  requests: ResolutionRequest[];
  /** Organizer: who could fix which conflict with their own answers (whom "Ask" can ask). */
  askable: { conflict: Conflict["kind"]; memberId: string }[];
  /** The viewer's own fixes to those conflicts (changes to their own answers), and the version of those answers. */
  fixes: { resolutions: Resolution[]; answersVersion: number | null };
  /** Who answered with which dates (dates aren't private: the heat map's day details). */
  availability: { memberId: string; flexible: boolean; windows: { start: string; end: string }[] }[];
  /**
   * Text held back because it reads as instructions (lib/screened-answers.ts): the author sees
   * their own words and why; the organizer whose answer it was, without the words.
   */
  heldBack: HeldBack[];
  /**
   * When fewer than three places fit everyone's hard constraints: how many do, and the single
   * changes that would open the most (the real blocker first). A member sees their own
   * changes in full and others' as the kind of change and its count (whose and how much cut).
   */
  fewFit: { fit: number; openers: Opener[] } | null;
}

/** What the dashboard reads of a trip, before it is cut for a viewer (`dashboardFrom`). */
export interface DashboardRead {
  trip: Pick<Trip, "id" | "name" | "description" | "status" | "inviteToken">;
  raw: MemberWithPreferences[];
  decided: DecisionView[];
  /** Every member's requests: each viewer's cut keeps what they may see. */
  requests: ResolutionRequest[];
  modelFlagged: Awaited<ReturnType<typeof modelFlaggedTexts>>;
}

/** The reads behind every viewer's dashboard of the trip (one set of queries, whoever looks). */
export async function readDashboard(trip: DashboardRead["trip"]): Promise<DashboardRead> {
  const [raw, decided, requests, modelFlagged] = await Promise.all([
    listMembersWithPreferences({ tripId: trip.id }),
    listDecisions({ tripId: trip.id }),
    listRequests({ tripId: trip.id }),
    modelFlaggedTexts({ tripId: trip.id }),
  ]);
  return { trip, raw, decided, requests, modelFlagged };
}

export async function loadDashboard(caller: Caller): Promise<DashboardView> {
  return dashboardFrom(await readDashboard(caller.trip), {
    memberId: caller.member.id,
    isOrganizer: caller.isOrganizer,
  });
}

/**
 * What every viewer's dashboard shares, worked out once from the reads: the screened answers,
 * the group's profile (a decision's note plays no part in it) and who could fix which
 * conflict with their own answers (the organizer's "Ask", and which requests still stand).
 * Everything the views show is computed from the screened answers.
 */
export function dashboardBasis(read: DashboardRead) {
  const { members, flags } = screenAnswers(read.raw, read.modelFlagged);
  const profile = aggregatePreferences(members, read.decided);
  const askable = members.flatMap((m) =>
    resolutionsFor(profile, m.id, m.preferences).map((r) => ({ conflict: r.conflict, memberId: m.id })),
  );
  // When fewer than three places fit: the single changes that would open the most (each
  // viewer's cut is taken below), worked out once for every viewer of the same answers.
  const fewFit = fewFitFor({
    members: members.map(({ id, name, preferences }) => ({ id, name, preferences })),
    decisions: read.decided,
    today: new Date().toISOString().slice(0, 10),
  });
  return { members, flags, profile, askable, fewFit };
}
export type DashboardBasis = ReturnType<typeof dashboardBasis>;

/**
 * The dashboard as `viewer` may see it, from the trip's reads (pure: the page and the live
 * channel's per-viewer payloads share it, so both follow the same rules).
 */
export function dashboardFrom(
  read: DashboardRead,
  caller: { memberId: string; isOrganizer: boolean },
  basis: DashboardBasis = dashboardBasis(read),
): DashboardView {
  const { trip: callerTrip, raw, decided } = read;
  const self = raw.find((m) => m.id === caller.memberId);
  const own = self?.preferences ? { data: self.preferences, version: self.preferencesVersion ?? 0 } : null;
  // The organizer sees everyone's requests; a member their own.
  const requests = caller.isOrganizer ? read.requests : read.requests.filter((r) => r.memberId === caller.memberId);
  const { members, flags, profile, askable, fewFit } = basis;
  const startedOver = new Map(
    raw.flatMap((m) =>
      m.startedOverAt ? [[m.id, `${m.name} started over on a new device, ${shortDateTime(m.startedOverAt)}`]] : [],
    ),
  );
  const viewer = { memberId: caller.memberId, isOrganizer: caller.isOrganizer };
  const heldBack = heldBackFor(raw, flags, viewer);
  // The organizer's own words reach every member too: held back from them likewise (only the organizer writes these).
  const descriptionReason = heldBackReason(callerTrip.description);
  if (descriptionReason && caller.isOrganizer) {
    heldBack.push({
      id: "trip:description",
      memberId: caller.memberId,
      what: "the trip's description",
      reason: descriptionReason,
      text: callerTrip.description,
    });
  }
  const decisions = decided.map((d) => {
    const reason = heldBackReason(d.note);
    if (!reason) return d;
    if (caller.isOrganizer)
      heldBack.push({
        id: `decision:${d.kind}`,
        memberId: caller.memberId,
        what: "a decision's note",
        reason,
        text: d.note,
      });
    return caller.isOrganizer ? d : { ...d, note: "" };
  });
  const standing = (r: ResolutionRequest) =>
    askable.some((a) => a.memberId === r.memberId && a.conflict === r.conflict);
  const conflicts = detectConflicts(
    profile,
    caller.isOrganizer ? { kind: "organizer" } : { kind: "member", memberId: caller.memberId },
  );
  const view: DashboardView = {
    trip: {
      id: callerTrip.id,
      name: callerTrip.name,
      description: descriptionReason && !caller.isOrganizer ? "" : callerTrip.description,
      status: callerTrip.status,
      invitePath: `/join/${callerTrip.inviteToken}`,
    },
    viewer: {
      memberId: caller.memberId,
      name: self?.name ?? "",
      isOrganizer: caller.isOrganizer,
      hasResponded: members.some((m) => m.id === caller.memberId && m.preferences !== null),
    },
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      role: m.role,
      responded: m.preferences !== null,
      ...((caller.isOrganizer || m.id === caller.memberId) && m.preferences ? homeNoteOf(m.preferences) : {}),
      ...(startedOver.has(m.id) ? { startedOver: startedOver.get(m.id) } : {}),
    })),
    profile,
    conflicts,
    decisions,
    requests: requests.filter(standing),
    askable: caller.isOrganizer
      ? askable.filter(
          (a, i) =>
            a.memberId !== caller.memberId &&
            askable.findIndex((b) => b.memberId === a.memberId && b.conflict === a.conflict) === i,
        )
      : [],
    fixes: {
      resolutions: own ? resolutionsFor(profile, caller.memberId, own.data) : [],
      answersVersion: own?.version ?? null,
    },
    availability: members.flatMap((m) =>
      m.preferences
        ? [{ memberId: m.id, flexible: m.preferences.dates.flexible, windows: availableWindows(m.preferences.dates) }]
        : [],
    ),
    heldBack,
    fewFit: fewFitSeenBy(fewFit, callerTrip.status, caller.memberId),
  };
  return caller.isOrganizer ? view : withoutAttribution(view, caller.memberId);
}

/**
 * "What would open more places" is a nudge of the choosing stage: gone once a destination is
 * chosen. A viewer is never offered raising their own hard cap (a limit they said they can't
 * pass) as the way out; the others still see it, as the change it is.
 */
export function fewFitSeenBy(
  fewFit: DashboardBasis["fewFit"],
  status: DashboardView["trip"]["status"],
  viewerId: string,
): DashboardBasis["fewFit"] {
  if (!fewFit || (status !== "collecting" && status !== "recommending")) return null;
  return { ...fewFit, openers: fewFit.openers.filter((o) => !(o.change === "budget" && o.memberId === viewerId)) };
}

/**
 * A member's view: the group's needs in aggregate, and everyone else's budget as an
 * anonymous range (in budget order, not the member list's, so the order tells nothing).
 */
function withoutAttribution(view: DashboardView, viewerId: string): DashboardView {
  const { constraints, budget } = view.profile;
  const mine = budget.ranges.filter((r) => r.memberId === viewerId);
  const others = budget.ranges
    .filter((r) => r.memberId !== viewerId)
    .sort((a, b) => a.min - b.min || a.max - b.max || Number(a.hardLimit) - Number(b.hardLimit))
    // Nobody else's own amounts or currency, only the dollar range.
    .map(({ own: _own, ...r }, i) => ({ ...r, memberId: anonymousMemberId(i + 1) }));
  const own = (id: string | null) => (id === viewerId ? id : null);
  const anonymous = <T extends { memberIds: string[] }>(items: T[]): T[] => items.map((i) => ({ ...i, memberIds: [] }));
  return {
    ...view,
    profile: {
      ...view.profile,
      budget: {
        ...budget,
        ranges: [...mine, ...others],
        // Who set no budget is about money too: counted, not named.
        flexibleIds: budget.flexibleIds.map((id, i) =>
          id === viewerId ? id : anonymousMemberId(others.length + i + 1),
        ),
        highestMinMemberId: own(budget.highestMinMemberId),
        lowestMaxMemberId: own(budget.lowestMaxMemberId),
      },
      constraints: {
        dietary: anonymous(constraints.dietary),
        accessibility: anonymous(constraints.accessibility),
        hardNos: anonymous(constraints.hardNos),
        mustHaves: anonymous(constraints.mustHaves),
      },
    },
    conflicts: withoutConstraintAttribution(view.conflicts),
    fewFit: view.fewFit && {
      fit: view.fewFit.fit,
      openers: openersSeenBy(view.fewFit.openers, viewerId),
    },
  };
}

/** Members see who is in a conflict about dates or money, but not who asked for which dietary or access need. */
export function withoutConstraintAttribution<T extends Pick<Conflict, "kind" | "memberIds">>(conflicts: T[]): T[] {
  return conflicts.map((c) => (c.kind === "constraints" ? { ...c, memberIds: [] } : c));
}

/**
 * The dashboard's group sections (who is in, conflicts, fixes, requests) as the view shows
 * them: what the page renders first and what the live channel sends its viewer after a join,
 * a save or a request, so both read the same.
 */
export function groupSlice(view: DashboardView, devices: DeviceRow[] | null): GroupSlice {
  const { dates, scope } = view.profile;
  const choosing = view.trip.status === "collecting" || view.trip.status === "recommending";
  return {
    members: view.members,
    hasResponded: view.viewer.hasResponded,
    conflicts: view.conflicts,
    requests: view.requests,
    askable: view.askable,
    fixes: view.fixes,
    proposal:
      (dates.status === "partial" || dates.status === "none") && dates.best && choosing
        ? { start: dates.best.start, end: dates.best.end }
        : null,
    decidedDates: dates.decided,
    scopeSplit: scope.status === "conflict" && !scope.decided,
    devices: view.viewer.isOrganizer ? devices : null,
    fewFit: view.fewFit,
  };
}
