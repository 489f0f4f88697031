import "server-only";
import { aggregatePreferences, detectConflicts } from "@/lib/agents/aggregation";
import type { Caller } from "@/lib/auth/guards";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import type { TripStatus } from "@/lib/db/schema";
import type { Conflict, GroupProfile } from "@/lib/schemas/group-profile";

/**
 * Everything the dashboard shows, as seen by `caller`. Members see the group's
 * constraints in aggregate only; who asked for what is for the organizer. Nobody sees
 * another member's raw answers (notes, origin, …) here.
 */
export interface DashboardView {
  trip: { id: string; name: string; status: TripStatus; invitePath: string };
  viewer: { memberId: string; name: string; isOrganizer: boolean; hasResponded: boolean };
  members: { id: string; name: string; role: "organizer" | "member"; responded: boolean }[];
  profile: GroupProfile;
  conflicts: Conflict[];
}

export async function loadDashboard(caller: Caller): Promise<DashboardView> {
  const members = await listMembersWithPreferences({ tripId: caller.trip.id });
  const profile = aggregatePreferences(members);
  const conflicts = detectConflicts(profile);
  const view: DashboardView = {
    trip: {
      id: caller.trip.id,
      name: caller.trip.name,
      status: caller.trip.status,
      invitePath: `/join/${caller.trip.inviteToken}`,
    },
    viewer: {
      memberId: caller.member.id,
      name: caller.member.name,
      isOrganizer: caller.isOrganizer,
      hasResponded: members.some((m) => m.id === caller.member.id && m.preferences !== null),
    },
    members: members.map((m) => ({ id: m.id, name: m.name, role: m.role, responded: m.preferences !== null })),
    profile,
    conflicts,
  };
  return caller.isOrganizer ? view : withoutAttribution(view);
}

function withoutAttribution(view: DashboardView): DashboardView {
  const { constraints } = view.profile;
  const anonymous = <T extends { memberIds: string[] }>(items: T[]): T[] => items.map((i) => ({ ...i, memberIds: [] }));
  return {
    ...view,
    profile: {
      ...view.profile,
      constraints: {
        dietary: anonymous(constraints.dietary),
        accessibility: anonymous(constraints.accessibility),
        hardNos: anonymous(constraints.hardNos),
        mustHaves: anonymous(constraints.mustHaves),
      },
    },
    conflicts: withoutConstraintAttribution(view.conflicts),
  };
}

/** Members see who is in a conflict about dates or money, but not who asked for which dietary or access need. */
export function withoutConstraintAttribution<T extends Pick<Conflict, "kind" | "memberIds">>(conflicts: T[]): T[] {
  return conflicts.map((c) => (c.kind === "constraints" ? { ...c, memberIds: [] } : c));
}
