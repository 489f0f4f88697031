import "server-only";
import { boardFor, type CostsRead } from "@/lib/costs-board";
import { readCosts } from "@/lib/costs-board-read";
import { listDevices } from "@/lib/db/queries/devices";
import { listFeedback } from "@/lib/db/queries/feedback";
import { modelFlaggedTexts } from "@/lib/db/queries/held-back";
import { itineraryVersion } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { listVotes } from "@/lib/db/queries/recommendations";
import { getProgressEvent } from "@/lib/db/queries/runs";
import { getTrip } from "@/lib/db/queries/trips";
import { isDraftedDay } from "@/lib/planning/drafted-days";
import type { ItineraryDay } from "@/lib/schemas/itinerary";
import type { DestinationOption } from "@/lib/schemas/recommendations";
import type { FeedbackChange, LiveMessage, MemberStatus, TripEvent, TripEventKind } from "@/lib/schemas/trip-events";
import { heldBackReason, screenAnswers } from "@/lib/screened-answers";
import {
  type DashboardBasis,
  type DashboardRead,
  dashboardBasis,
  dashboardFrom,
  groupSlice,
  readDashboard,
} from "@/lib/views/dashboard";
import { type DeviceRow, deviceRows } from "@/lib/views/devices";
import { optionForViewer } from "@/lib/views/recommendations";

/**
 * The per-viewer cut of the live channel: what changed, as one viewer may see it, by the
 * same rules as the pages (DESIGN.md "Identity and authorization"). A member gets their own
 * cost on a card, never another member's; nobody's budget, notes, hard no's or home city
 * travel at all (a member's status is their name and whether they answered); on a change of
 * costs, the group's balances and the viewer's own standing (lib/costs-board.ts).
 *
 * Work is split in two so a group costs about what one viewer costs: `shared` reads the
 * database once per event (memoized by event id for every stream of the process), `cut`
 * is a pure function per viewer.
 */

export type Viewer = { memberId: string; isOrganizer: boolean };

type Shared =
  | { kind: "member"; member: MemberStatus | null; read: GroupRead | null }
  | { kind: "group"; read: GroupRead | null }
  | { kind: "progress"; card: DestinationOption | null; picks: string[] | null; day: ItineraryDay | null }
  | {
      kind: "votes";
      recommendationId: string;
      bySlug: Record<string, number>;
      /** memberId → the slug they voted for. */
      voters: Record<string, string>;
      members: { id: string; name: string }[];
    }
  | { kind: "feedback"; feedback: Omit<FeedbackChange, "mine"> | null }
  | { kind: "version"; source: string; days: number }
  | { kind: "costs"; read: CostsRead | null }
  | null;

/** Reads what changed, once per event: everything any viewer's cut may need. */
async function sharedOf(tripId: string, event: TripEvent): Promise<Shared> {
  switch (event.kind) {
    case "member.joined":
    case "preferences.saved":
    case "preferences.erased": {
      const read = await dashboardRead(tripId);
      const member = read
        ? screenAnswers(read.raw, read.modelFlagged).members.find((m) => m.id === event.memberId)
        : undefined;
      return {
        kind: "member",
        read,
        member: member
          ? {
              id: member.id,
              name: member.name,
              responded: member.preferences !== null,
              isOrganizer: member.role === "organizer",
            }
          : null,
      };
    }
    case "run.progress": {
      const { stage, kind } = event.progress;
      const isCard = stage === "cards" && (kind === "finished" || kind === "degraded");
      // A shortlist: the ranking, and on Gemini the second one with the places researched for the run.
      const isPicks = stage === "rank" && kind === "finished";
      const isDay = isDraftedDay(event.progress);
      if (!isCard && !isPicks && !isDay) return { kind: "progress", card: null, picks: null, day: null };
      const row = await getProgressEvent({ runId: event.runId, id: event.progress.id });
      return {
        kind: "progress",
        card: isCard ? (row?.detail?.card ?? null) : null,
        picks: isPicks ? (row?.detail?.picks ?? null) : null,
        day: isDay ? (row?.detail?.day ?? null) : null,
      };
    }
    case "vote.changed": {
      const [votes, members] = await Promise.all([
        listVotes({ recommendationId: event.recommendationId }),
        screenedMembers(tripId),
      ]);
      const bySlug: Record<string, number> = {};
      for (const v of votes) bySlug[v.slug] = (bySlug[v.slug] ?? 0) + 1;
      return {
        kind: "votes",
        recommendationId: event.recommendationId,
        bySlug,
        voters: Object.fromEntries(votes.map((v) => [v.memberId, v.slug])),
        members: members.map((m) => ({ id: m.id, name: m.name })),
      };
    }
    case "feedback.changed": {
      const [items, members] = await Promise.all([listFeedback({ tripId }), screenedMembers(tripId)]);
      const item = items.find((f) => f.id === event.feedbackId);
      return {
        kind: "feedback",
        feedback: item
          ? {
              id: item.id,
              kind: item.kind,
              memberId: item.memberId,
              memberName: members.find((m) => m.id === item.memberId)?.name ?? "Someone",
              itemKey: item.itemKey,
              reason: item.reason,
              text: item.text,
              heldBack: heldBackReason(item.text),
              suggestedActivityId: item.suggestedActivityId,
              status: item.status,
              outcome: item.outcome ?? null,
              itineraryVersion: item.itineraryVersion,
              liftedByOrganizer: item.liftedBy && item.liftReason ? { reason: item.liftReason } : null,
            }
          : null,
      };
    }
    case "request.changed":
      return { kind: "group", read: await dashboardRead(tripId) };
    case "costs.changed": {
      const trip = await getTrip({ tripId });
      return { kind: "costs", read: trip ? await readCosts(trip) : null };
    }
    case "itinerary.version": {
      const stored = await itineraryVersion({ tripId, version: event.version });
      return stored ? { kind: "version", source: stored.source, days: stored.itinerary.days.length } : null;
    }
    default:
      return null;
  }
}

/** What every viewer's dashboard group sections are cut from: the page's reads, and the devices (for the organizer). */
type GroupRead = DashboardRead & { devices: DeviceRow[]; basis: DashboardBasis };

/** Null: the trip is gone. */
async function dashboardRead(tripId: string): Promise<GroupRead | null> {
  const trip = await getTrip({ tripId });
  if (!trip) return null;
  const [read, devices] = await Promise.all([readDashboard(trip), listDevices({ tripId })]);
  // Which device is the viewer's own is the page's to say (it knows the browser); none is here.
  // The profile and who could fix what are the same for every viewer: worked out once per event.
  return {
    ...read,
    devices: deviceRows(devices, { now: new Date(), thisDeviceId: "" }),
    basis: dashboardBasis(read),
  };
}

/** The dashboard's group sections as `viewer` sees them, by the page's own rules; null for someone no longer in. */
function groupFor(read: GroupRead | null, viewer: Viewer) {
  if (!read?.raw.some((m) => m.id === viewer.memberId)) return null;
  return groupSlice(dashboardFrom(read, viewer, read.basis), read.devices);
}

/** The members as the pages show them: a name that reads as instructions is "Member n" (lib/screened-answers.ts). */
async function screenedMembers(tripId: string) {
  const [raw, modelFlagged] = await Promise.all([
    listMembersWithPreferences({ tripId }),
    modelFlaggedTexts({ tripId }),
  ]);
  return screenAnswers(raw, modelFlagged).members;
}

/** The viewer's part of what changed; the shared read holds nothing a viewer may not see unless this cuts it. */
function cut(shared: Shared, viewer: Viewer): LiveMessage["payload"] {
  if (!shared) return undefined;
  switch (shared.kind) {
    case "member":
      return { member: shared.member, group: groupFor(shared.read, viewer) };
    case "group":
      return { group: groupFor(shared.read, viewer) };
    case "progress":
      return {
        card: shared.card
          ? {
              option: optionForViewer(shared.card, viewer),
              othersStretched: shared.card.impactedMemberIds.filter((id) => id !== viewer.memberId).length,
            }
          : null,
        picks: shared.picks,
        // A day's items, times, places and activity costs are group-level: the same for everyone.
        day: shared.day,
      };
    case "votes": {
      const voted = (id: string) => shared.voters[id] !== undefined;
      return {
        tally: {
          recommendationId: shared.recommendationId,
          votes: shared.bySlug,
          voted: shared.members.filter((m) => voted(m.id)).length,
          members: shared.members.length,
          myVote: shared.voters[viewer.memberId] ?? null,
          // Who hasn't voted is for the organizer, to nudge (as on the page).
          waitingOn: viewer.isOrganizer ? shared.members.filter((m) => !voted(m.id)).map((m) => m.name) : null,
        },
      };
    }
    case "feedback": {
      if (!shared.feedback) return { feedback: null };
      // Words held back as instructions stay with their author, as on the plan page (lib/views/itinerary.ts).
      const mine = shared.feedback.memberId === viewer.memberId;
      const { heldBack, text } = shared.feedback;
      return {
        feedback: {
          ...shared.feedback,
          mine,
          text: heldBack && !mine ? "" : text,
          heldBack: heldBack && (mine || viewer.isOrganizer) ? heldBack : null,
        },
      };
    }
    case "version":
      return { source: shared.source, days: shared.days };
    case "costs": {
      // The read holds every member's budget: the board keeps the viewer's own, and only for a member.
      const { read } = shared;
      return { board: read?.members.some((m) => m.id === viewer.memberId) ? boardFor(read, viewer.memberId) : null };
    }
  }
}

const KINDS_WITH_PAYLOAD = new Set<TripEventKind>([
  "member.joined",
  "preferences.saved",
  "preferences.erased",
  "run.progress",
  "vote.changed",
  "feedback.changed",
  "itinerary.version",
  "request.changed",
  "costs.changed",
]);

/** Shared reads of recent events, shared by every stream of the process (a group hears an event at once). */
const MEMO_SIZE = 512;
const memo = new Map<string, Promise<Shared>>();

function memoizedShared(tripId: string, event: TripEvent): Promise<Shared> {
  const key = `${tripId}:${event.id}`;
  let found = memo.get(key);
  if (!found) {
    found = sharedOf(tripId, event);
    memo.set(key, found);
    if (memo.size > MEMO_SIZE) memo.delete(memo.keys().next().value as string);
    // A failed read is tried again by the next viewer rather than remembered.
    found.catch(() => memo.delete(key));
  }
  return found;
}

/**
 * The message `viewer` receives for `event`. Without a payload (a failed read) the browser
 * re-reads the page instead, so a hiccup costs a render, never a wrong view.
 */
export async function messageFor(tripId: string, event: TripEvent, viewer: Viewer): Promise<LiveMessage> {
  if (!KINDS_WITH_PAYLOAD.has(event.kind)) return event as LiveMessage;
  try {
    const shared = await memoizedShared(tripId, event);
    const payload = cut(shared, viewer);
    return (payload === undefined ? event : { ...event, payload }) as LiveMessage;
  } catch (error) {
    console.error("[live] could not read an event's payload", error);
    return event as LiveMessage;
  }
}
