import "server-only";
import { aggregatePreferences, detectConflicts } from "@/lib/agents/aggregation";
import type { Caller } from "@/lib/auth/guards";
import { listDecisions } from "@/lib/db/queries/decisions";
import { modelFlaggedTexts } from "@/lib/db/queries/held-back";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getPreferences } from "@/lib/db/queries/preferences";
import { listRequests, type ResolutionRequest } from "@/lib/db/queries/requests";
import type { TripStatus } from "@/lib/db/schema";
import { memberHome } from "@/lib/places/home";
import { fewFitFor, openersSeenBy } from "@/lib/planning/openers";
import { type Resolution, resolutionsFor } from "@/lib/resolutions";
import type { DecisionView } from "@/lib/schemas/decisions";
import { anonymousMemberId, type Conflict, type GroupProfile } from "@/lib/schemas/group-profile";
import { availableWindows, type MemberPreferences } from "@/lib/schemas/preferences";
import type { Opener } from "@/lib/schemas/recommendations";
import { type HeldBack, heldBackFor, heldBackReason, screenAnswers } from "@/lib/screened-answers";

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

export async function loadDashboard(caller: Caller): Promise<DashboardView> {
  const [raw, own, decided, requests, modelFlagged] = await Promise.all([
    listMembersWithPreferences({ tripId: caller.trip.id }),
    getPreferences({ memberId: caller.member.id }),
    listDecisions({ tripId: caller.trip.id }),
    listRequests({ tripId: caller.trip.id, memberId: caller.isOrganizer ? undefined : caller.member.id }),
    modelFlaggedTexts({ tripId: caller.trip.id }),
  ]);
  // Everything below — the profile, its conflicts, names — is computed from the screened answers.
  const { members, flags } = screenAnswers(raw, modelFlagged);
  const viewer = { memberId: caller.member.id, isOrganizer: caller.isOrganizer };
  const heldBack = heldBackFor(raw, flags, viewer);
  // The organizer's own words reach every member too: held back from them likewise (only the organizer writes these).
  const descriptionReason = heldBackReason(caller.trip.description);
  if (descriptionReason && caller.isOrganizer) {
    heldBack.push({
      id: "trip:description",
      memberId: caller.member.id,
      what: "the trip's description",
      reason: descriptionReason,
      text: caller.trip.description,
    });
  }
  const decisions = decided.map((d) => {
    const reason = heldBackReason(d.note);
    if (!reason) return d;
    if (caller.isOrganizer)
      heldBack.push({
        id: `decision:${d.kind}`,
        memberId: caller.member.id,
        what: "a decision's note",
        reason,
        text: d.note,
      });
    return caller.isOrganizer ? d : { ...d, note: "" };
  });
  const profile = aggregatePreferences(members, decisions);
  // Who could fix what with their own answers: the organizer's "Ask", and which requests still stand.
  const askable = members.flatMap((m) =>
    resolutionsFor(profile, m.id, m.preferences).map((r) => ({ conflict: r.conflict, memberId: m.id })),
  );
  const standing = (r: ResolutionRequest) =>
    askable.some((a) => a.memberId === r.memberId && a.conflict === r.conflict);
  const conflicts = detectConflicts(
    profile,
    caller.isOrganizer ? { kind: "organizer" } : { kind: "member", memberId: caller.member.id },
  );
  const view: DashboardView = {
    trip: {
      id: caller.trip.id,
      name: caller.trip.name,
      description: descriptionReason && !caller.isOrganizer ? "" : caller.trip.description,
      status: caller.trip.status,
      invitePath: `/join/${caller.trip.inviteToken}`,
    },
    viewer: {
      memberId: caller.member.id,
      name: caller.member.name,
      isOrganizer: caller.isOrganizer,
      hasResponded: members.some((m) => m.id === caller.member.id && m.preferences !== null),
    },
    members: members.map((m) => ({
      id: m.id,
      name: m.name,
      role: m.role,
      responded: m.preferences !== null,
      ...((caller.isOrganizer || m.id === caller.member.id) && m.preferences ? homeNoteOf(m.preferences) : {}),
    })),
    profile,
    conflicts,
    decisions,
    requests: requests.filter(standing),
    askable: caller.isOrganizer
      ? askable.filter(
          (a, i) =>
            a.memberId !== caller.member.id &&
            askable.findIndex((b) => b.memberId === a.memberId && b.conflict === a.conflict) === i,
        )
      : [],
    fixes: {
      resolutions: own ? resolutionsFor(profile, caller.member.id, own.data) : [],
      answersVersion: own?.version ?? null,
    },
    availability: members.flatMap((m) =>
      m.preferences
        ? [{ memberId: m.id, flexible: m.preferences.dates.flexible, windows: availableWindows(m.preferences.dates) }]
        : [],
    ),
    heldBack,
    fewFit: fewFitFor({
      members: members.map(({ id, name, preferences }) => ({ id, name, preferences })),
      decisions,
      today: new Date().toISOString().slice(0, 10),
    }),
  };
  return caller.isOrganizer ? view : withoutAttribution(view, caller.member.id);
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
    .map((r, i) => ({ ...r, memberId: anonymousMemberId(i + 1) }));
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
