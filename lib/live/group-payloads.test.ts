import type { EventSourceMessage } from "eventsource-parser";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getPreferences } from "@/lib/db/queries/preferences";
import { type GroupSlice, LiveMessage } from "@/lib/schemas/trip-events";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { type LiveServer, openLiveChannel, type SseClient, startLiveServer } from "@/test/live-server";
import { tripHub } from "./hub";
import { liveCursor } from "./stream";

withTestDatabase();

/**
 * The dashboard's group sections travel with a join, a save and a request, cut for each
 * viewer by the dashboard's rules: so an open dashboard shows who is in, who answered, the
 * conflicts, the viewer's own fixes and requests without being rendered again.
 *
 * Olga (organizer) wants 3–4 days, Kim 6–9, Ned 7–9: a trip-length conflict that Kim's and
 * Ned's own answers can fix (the same group as the requests test, heard over the wire).
 */

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server.close();
  const hub = await tripHub();
  await vi.waitFor(() => expect(hub.stats().trips).toBe(0));
});

async function listen(tripId: string, who: TestBrowser): Promise<SseClient> {
  const client = await openLiveChannel(server, tripId, who, { after: await liveCursor(tripId) });
  expect(client.status).toBe(200);
  await client.next((m) => m.event === "live");
  return client;
}

/**
 * The first message of `kind` about `memberId` after event `since`, checked against the wire
 * format, with its group slice.
 */
async function nextGroup(client: SseClient, kind: string, memberId: string, since = 0): Promise<GroupSlice> {
  const isIt = (m: EventSourceMessage) => {
    if (m.event !== undefined) return false;
    const parsed = JSON.parse(m.data) as { id: number; kind: string; memberId?: string };
    return parsed.kind === kind && parsed.memberId === memberId && parsed.id > since;
  };
  const found = await client.next(isIt);
  const message = LiveMessage.parse(JSON.parse(found.data));
  const group = (message.payload as { group?: GroupSlice | null } | undefined)?.group;
  if (!group) throw new Error(`${kind} came without the group`);
  return group;
}

const save = async (who: TestBrowser, tripId: string, minDays: number, maxDays: number) => {
  const saved = await actions.savePreferences(who.ctx, {
    tripId,
    expectedVersion: 0,
    preferences: answers({ tripLength: { minDays, maxDays } }),
  });
  if (!saved.ok) throw new Error(saved.message);
};

describe("the dashboard's group over the live channel", () => {
  it("a join, a save, a request and a fix reach each open dashboard as that viewer may see them", async () => {
    const trip = await newTrip("Group live");
    const { tripId, organizer } = trip;
    const id = async (who: TestBrowser) => (await requireMember(who.ctx, tripId)).member.id;
    await save(organizer, tripId, 3, 4);
    const olgaView = await listen(tripId, organizer);
    const olgaId = await id(organizer);

    // Kim joins: the organizer's list has her, not answered yet, already signed in on one device.
    const kim = await trip.join("Kim");
    const kimId = await id(kim);
    const joined = await nextGroup(olgaView, "member.joined", kimId);
    expect(joined.members.map((m) => [m.name, m.role, m.responded])).toEqual([
      ["Olga", "organizer", true],
      ["Kim", "member", false],
    ]);
    expect(joined.devices?.filter((d) => d.memberId === kimId)).toHaveLength(1);
    expect(joined.conflicts).toEqual([]);

    await save(kim, tripId, 6, 9);
    const kimView = await listen(tripId, kim);
    const ned = await trip.join("Ned");
    const nedId = await id(ned);
    const nedView = await listen(tripId, ned);
    await save(ned, tripId, 7, 9);

    // Ned's answers make the conflict: everyone's dashboard has it; the organizer may ask Kim
    // or Ned (not herself); a member's view holds no one's devices and nobody to ask.
    const [olgaSaved, kimSaved, nedSaved] = await Promise.all([
      nextGroup(olgaView, "preferences.saved", nedId),
      nextGroup(kimView, "preferences.saved", nedId),
      nextGroup(nedView, "preferences.saved", nedId),
    ]);
    for (const group of [olgaSaved, kimSaved, nedSaved]) {
      expect(group.members.map((m) => [m.name, m.responded])).toEqual([
        ["Olga", true],
        ["Kim", true],
        ["Ned", true],
      ]);
      expect(group.conflicts.map((c) => c.kind)).toEqual(["trip-length"]);
    }
    expect(olgaSaved.askable).toEqual(
      expect.arrayContaining([
        { conflict: "trip-length", memberId: kimId },
        { conflict: "trip-length", memberId: nedId },
      ]),
    );
    expect(olgaSaved.askable).toHaveLength(2);
    expect(olgaSaved.devices?.map((d) => d.memberId).sort()).toEqual([olgaId, kimId, nedId].sort());
    for (const group of [kimSaved, nedSaved]) {
      expect(group.askable).toEqual([]);
      expect(group.devices).toBeNull();
    }
    // Each one's own fixes only: Kim's and Ned's shortest trip down to Olga's 4 days, Olga's
    // longest up to Ned's 7 (hers to apply, not for asking).
    expect(kimSaved.fixes.resolutions.map((r) => r.id)).toEqual(["trip-length:min:4"]);
    expect(nedSaved.fixes.resolutions.map((r) => r.id)).toEqual(["trip-length:min:4"]);
    expect(kimSaved.fixes.answersVersion).toBe(1);
    expect(olgaSaved.fixes.resolutions.map((r) => r.id)).toEqual(["trip-length:max:7"]);

    // Olga asks Kim: Kim's dashboard has the request (her to-do follows), the organizer's too,
    // Ned's none.
    expect(
      (await actions.askMemberToResolve(organizer.ctx, { tripId, memberId: kimId, conflict: "trip-length" })).ok,
    ).toBe(true);
    const [olgaAsked, kimAsked, nedAsked] = await Promise.all([
      nextGroup(olgaView, "request.changed", kimId),
      nextGroup(kimView, "request.changed", kimId),
      nextGroup(nedView, "request.changed", kimId),
    ]);
    const kimsRequest = { memberId: kimId, conflict: "trip-length", declined: false };
    expect(olgaAsked.requests).toEqual([expect.objectContaining(kimsRequest)]);
    expect(kimAsked.requests).toEqual([expect.objectContaining(kimsRequest)]);
    expect(nedAsked.requests).toEqual([]);

    // Kim applies her fix (6 → 4 days): her request is answered and goes from every view; the
    // conflict stays (Ned still wants 7), and only Ned is left to ask.
    const beforeKimsFix = await liveCursor(tripId);
    const version = (await getPreferences({ memberId: kimId }))?.version ?? 0;
    const applied = await actions.applyResolution(kim.ctx, {
      tripId,
      resolutionId: "trip-length:min:4",
      expectedVersion: version,
    });
    expect(applied.ok).toBe(true);
    const [olgaFixed, kimFixed] = await Promise.all([
      nextGroup(olgaView, "preferences.saved", kimId, beforeKimsFix),
      nextGroup(kimView, "preferences.saved", kimId, beforeKimsFix),
    ]);
    expect(olgaFixed.requests).toEqual([]);
    expect(kimFixed.requests).toEqual([]);
    expect(kimFixed.fixes.resolutions).toEqual([]);
    expect(kimFixed.fixes.answersVersion).toBe(2);
    expect(olgaFixed.conflicts.map((c) => c.kind)).toEqual(["trip-length"]);
    expect(olgaFixed.askable).toEqual([{ conflict: "trip-length", memberId: nedId }]);

    // Ned fixes his too: the conflict is gone from everyone's dashboard.
    const beforeNedsFix = await liveCursor(tripId);
    const nedVersion = (await getPreferences({ memberId: nedId }))?.version ?? 0;
    expect(
      (
        await actions.applyResolution(ned.ctx, {
          tripId,
          resolutionId: "trip-length:min:4",
          expectedVersion: nedVersion,
        })
      ).ok,
    ).toBe(true);
    const afterNed = await Promise.all(
      [olgaView, kimView, nedView].map((view) => nextGroup(view, "preferences.saved", nedId, beforeNedsFix)),
    );
    for (const group of afterNed) expect(group.conflicts).toEqual([]);
    expect(afterNed.map((group) => group.askable)).toEqual([[], [], []]);

    for (const view of [olgaView, kimView, nedView]) view.close();
  });
});
