import "server-only";
import { rememberShareToken } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { clearShareTokenHash, replaceShareTokenHash } from "@/lib/db/queries/share";
import { finalizeTripPlan, reopenTripPlan } from "@/lib/db/queries/trips";
import { TripOnlyInput } from "@/lib/schemas/trip";
import { sharePath } from "@/lib/share/link";
import { tripAction } from "./define";

/** The plan is final: feedback, regeneration and restore refuse until it is reopened. */
export const finalizePlan = tripAction({
  name: "finalizePlan",
  description: "The organizer marks the plan final: feedback, regeneration and restore wait until it's reopened.",
  effect: "write",
  access: "organizer",
  input: TripOnlyInput,
  async run({ caller }) {
    const trip = await finalizeTripPlan({ tripId: caller.trip.id, byMemberId: caller.member.id });
    return { status: trip.status };
  },
});

/** Back to planning, with every version and all feedback kept. */
export const reopenPlan = tripAction({
  name: "reopenPlan",
  description: "The organizer reopens a final plan for planning, with every version and all feedback kept.",
  effect: "write",
  access: "organizer",
  input: TripOnlyInput,
  async run({ caller }) {
    const trip = await reopenTripPlan({ tripId: caller.trip.id });
    return { status: trip.status };
  },
});

/**
 * A read-only link to the plan for anyone (`/s/<token>`). Making one when there is one
 * already rotates it: the old link stops working. Only the token's hash is stored; the
 * organizer's browser keeps the token so the trip page can show the link again there.
 */
export const createShareLink = tripAction({
  name: "createShareLink",
  description: "The organizer makes a read-only link to the plan for anyone; making another retires the old one.",
  effect: "credential",
  access: "organizer",
  input: TripOnlyInput,
  async run({ caller, ctx }) {
    const token = newToken();
    await replaceShareTokenHash({ tripId: caller.trip.id, tokenHash: hashToken(token) });
    rememberShareToken(ctx, caller.trip.id, token);
    return { sharePath: sharePath(token) };
  },
});

/** The share link stops working; a new one can be made later. */
export const revokeShareLink = tripAction({
  name: "revokeShareLink",
  description: "The organizer turns the read-only share link off; a new one can be made later.",
  effect: "destructive",
  access: "organizer",
  input: TripOnlyInput,
  async run({ caller, ctx }) {
    await clearShareTokenHash({ tripId: caller.trip.id });
    rememberShareToken(ctx, caller.trip.id, null);
    return { revoked: true };
  },
});
