import { describe, expect, it } from "vitest";
import type { GroupSlice, LiveMessage } from "@/lib/schemas/trip-events";
import { needsRender } from "./live-policy";
import { applyLiveMessage, forgetHeardBy, forgetTallies, listenToTrip, liveGroup } from "./live-store";

/**
 * An open dashboard takes a join, a save and a request as data (its group sections update
 * from the store) and is rendered again only when it must: a message that came without its
 * group, a resync, a stage change. The plan pages still read again on these kinds.
 */

const OLGA = "00000000-0000-4000-8000-000000000001";
const KIM = "00000000-0000-4000-8000-000000000002";
const AT = "2027-01-01T00:00:00.000Z";

function slice(kimResponded: boolean, requests: GroupSlice["requests"] = []): GroupSlice {
  return {
    members: [
      { id: OLGA, name: "Olga", role: "organizer", responded: true },
      { id: KIM, name: "Kim", role: "member", responded: kimResponded },
    ],
    hasResponded: kimResponded,
    conflicts: [],
    requests,
    askable: [],
    fixes: { resolutions: [], answersVersion: kimResponded ? 1 : null },
    proposal: null,
    decidedDates: null,
    scopeSplit: false,
    devices: null,
    fewFit: null,
  };
}

const joined = (id: number, group: GroupSlice | null): LiveMessage => ({
  id,
  at: AT,
  kind: "member.joined",
  memberId: KIM,
  payload: { member: { id: KIM, name: "Kim", responded: false, isOrganizer: false }, group },
});
const saved = (id: number, group: GroupSlice | null): LiveMessage => ({
  id,
  at: AT,
  kind: "preferences.saved",
  memberId: KIM,
  payload: { member: { id: KIM, name: "Kim", responded: true, isOrganizer: false }, group },
});
const asked = (id: number, group: GroupSlice | null): LiveMessage => ({
  id,
  at: AT,
  kind: "request.changed",
  memberId: KIM,
  payload: { group },
});
const noRunKind = () => null;

describe("the dashboard's group on the live channel", () => {
  it("renders the dashboard again for none of a join, a save or a request that carry the group; the plan pages still do", () => {
    for (const message of [joined(1, slice(false)), saved(2, slice(true)), asked(3, slice(true))]) {
      expect(needsRender("dashboard", message, true, noRunKind)).toBe(false);
      expect(needsRender("plan", message, true, noRunKind)).toBe(true);
      expect(needsRender("organizer-plan", message, true, noRunKind)).toBe(true);
      // Without its group (a failed read on the server) the dashboard reads the page instead.
      expect(needsRender("dashboard", message, false, noRunKind)).toBe(true);
    }
    // A change of the trip's stage still renders the page.
    expect(needsRender("dashboard", { id: 4, at: AT, kind: "trip.changed", status: "planning" }, true, noRunKind)).toBe(
      true,
    );
  });

  it("keeps the newest group heard after the page's render, and says when someone's answers changed", () => {
    forgetTallies();
    listenToTrip("trip-1");
    expect(liveGroup("trip-1")).toEqual({ group: null, answersChanged: false });

    // Kim joins (event 10): the group has her, pending; no one's answers changed.
    expect(applyLiveMessage(joined(10, slice(false)))).toBe(true);
    expect(liveGroup("trip-1").group?.members.map((m) => [m.name, m.responded])).toEqual([
      ["Olga", true],
      ["Kim", false],
    ]);
    expect(liveGroup("trip-1").answersChanged).toBe(false);

    // Kim saves (event 11) and Olga asks her (event 12).
    expect(applyLiveMessage(saved(11, slice(true)))).toBe(true);
    const request = { memberId: KIM, conflict: "dates" as const, askedAt: AT, declined: false };
    expect(applyLiveMessage(asked(12, slice(true, [request])))).toBe(true);
    expect(liveGroup("trip-1").group?.requests).toEqual([request]);
    expect(liveGroup("trip-1").answersChanged).toBe(true);

    // A render up to event 11 is older than the request: the store still has the word.
    forgetHeardBy(11);
    expect(liveGroup("trip-1").group?.requests).toEqual([request]);
    // The save (11) is in that render: its figures are current again.
    expect(liveGroup("trip-1").answersChanged).toBe(false);
    // A render up to event 12 has it all: the page's own group is the word again.
    forgetHeardBy(12);
    expect(liveGroup("trip-1")).toEqual({ group: null, answersChanged: false });

    // A message without its group is not taken (the page reads again instead).
    expect(applyLiveMessage(asked(13, null))).toBe(false);
    expect(liveGroup("trip-1").group).toBeNull();

    // Another trip's page doesn't show this trip's group.
    applyLiveMessage(saved(14, slice(true)));
    expect(liveGroup("trip-2").group).toBeNull();
    listenToTrip("trip-2");
    expect(liveGroup("trip-2")).toEqual({ group: null, answersChanged: false });
  });
});
