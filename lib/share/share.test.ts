import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { listFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary, listItineraryVersions } from "@/lib/db/queries/itineraries";
import { getTrip } from "@/lib/db/queries/trips";
import { factsFor } from "@/lib/facts";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { plannedTrip, runItinerary } from "@/test/itinerary";
import { calendarEvents } from "./calendar";
import { calendarOf, openShareLink, shownPlan } from "./link";

withTestDatabase();

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };

/** A planned trip whose members typed things that must never reach the share page. */
async function tripWithPlan() {
  const trip = await plannedTrip(
    [
      {
        name: "Olga",
        answers: answers({
          dates: JUNE,
          vibes: ["food", "culture"],
          origin: "Bratislava",
          budget: { min: 900, max: 2345, hardLimit: true },
          notes: "Quietly allergic to karaoke",
        }),
      },
      {
        name: "Bartholomew",
        answers: answers({ dates: JUNE, vibes: ["city"], origin: "Winnipeg", notes: "Prefers trams" }),
      },
    ],
    { start: "2027-06-12", end: "2027-06-16" },
  );
  const run = await runItinerary(trip.tripId);
  expect(run.status).toBe("succeeded");
  const member = await trip.join("Zofia");
  return { trip, member };
}

describe("finalize and reopen", () => {
  it("freezes the plan: flags, suggestions, regeneration, restore and new dates refuse with a clear message; reopening keeps everything", async () => {
    const { trip, member } = await tripWithPlan();
    const v1 = await currentItinerary({ tripId: trip.tripId });
    const itemKey = v1?.itinerary.days[1]?.items[0]?.key;
    if (!v1 || !itemKey) throw new Error("no plan");
    const flag = await actions.flagItineraryItem(member.ctx, {
      tripId: trip.tripId,
      version: 1,
      itemKey,
      reason: "not-my-thing",
      note: "",
    });
    expect(flag.ok).toBe(true);

    expect(await actions.finalizePlan(trip.organizer.ctx, { tripId: trip.tripId })).toEqual({
      ok: true,
      data: { status: "finalized" },
    });
    const finalized = await getTrip({ tripId: trip.tripId });
    expect(finalized?.finalizedAt).toBeInstanceOf(Date);

    const frozen = {
      code: "conflict:trip-status",
      message: expect.stringMatching(/only while the trip is being planned/),
    };
    const ctx = trip.organizer.ctx;
    const tripId = trip.tripId;
    expect(
      await actions.flagItineraryItem(member.ctx, { tripId, version: 1, itemKey, reason: "other", note: "late" }),
    ).toMatchObject({ ok: false, ...frozen });
    expect(
      await actions.suggestAddition(member.ctx, { tripId, version: 1, activityId: null, text: "a boat" }),
    ).toMatchObject({ ok: false, ...frozen });
    expect(await actions.regenerateItinerary(ctx, { tripId })).toMatchObject({ ok: false, ...frozen });
    expect(await actions.generateItinerary(ctx, { tripId })).toMatchObject({ ok: false, ...frozen });
    expect(await actions.restoreItinerary(ctx, { tripId, version: 1 })).toMatchObject({ ok: false, ...frozen });
    expect(await actions.setTripDates(ctx, { tripId, start: "2027-06-13", end: "2027-06-16" })).toMatchObject({
      ok: false,
      ...frozen,
    });
    const [open] = await listFeedback({ tripId });
    expect(await actions.withdrawFeedback(member.ctx, { tripId, feedbackId: open?.id })).toMatchObject({
      ok: false,
      ...frozen,
    });
    expect(await actions.finalizePlan(ctx, { tripId })).toMatchObject({
      ok: false,
      code: "conflict:trip-status",
      message: "Only a trip that is being planned can be finalized.",
    });
    expect((await currentItinerary({ tripId }))?.version).toBe(1);

    expect(await actions.reopenPlan(ctx, { tripId })).toEqual({ ok: true, data: { status: "planning" } });
    const reopened = await getTrip({ tripId });
    expect(reopened).toMatchObject({ status: "planning", finalizedAt: null, regenerations: 0 });
    expect((await listFeedback({ tripId })).map((f) => f.status)).toEqual(["open"]);
    expect(await actions.regenerateItinerary(ctx, { tripId })).toMatchObject({ ok: true });
    await settleLocalRuns();
    expect((await listItineraryVersions({ tripId })).map((v) => v.version)).toEqual([2, 1]);
    expect(await actions.reopenPlan(ctx, { tripId })).toMatchObject({
      ok: false,
      message: "Only a finalized plan can be reopened.",
    });
  });

  it("can't finalize without a plan", async () => {
    const trip = await plannedTrip([{ name: "Olga", answers: answers({ dates: JUNE }) }], {
      start: "2027-06-12",
      end: "2027-06-14",
    });
    expect(await actions.finalizePlan(trip.organizer.ctx, { tripId: trip.tripId })).toMatchObject({
      ok: false,
      code: "conflict:no-itinerary",
    });
    expect(await actions.createShareLink(trip.organizer.ctx, { tripId: trip.tripId })).toMatchObject({
      ok: false,
      code: "conflict:no-itinerary",
    });
  });
});

describe("the share link", () => {
  it("opens the plan and nothing about the members; rotating kills the old link, revoking kills it too", async () => {
    const { trip } = await tripWithPlan();
    const made = await actions.createShareLink(trip.organizer.ctx, { tripId: trip.tripId });
    if (!made.ok) throw new Error(made.message);
    const token = made.data.sharePath.replace("/s/", "");
    const anyone = trip.organizer.clone().ctx;

    const shared = await openShareLink(anyone, token);
    const plan = shared ? (await shownPlan(shared))?.plan : null;
    expect(plan).toMatchObject({
      status: "draft",
      version: 1,
      groupSize: 3,
      // Zofia joined after the plan was made: it carries 2 of the 3 members' answers (a count, not who).
      plannedWithAnswers: 2,
      destination: { name: expect.any(String) },
      dates: { start: "2027-06-12", end: "2027-06-16" },
    });
    const text = JSON.stringify(plan);
    for (const secret of [
      "Olga",
      "Bartholomew",
      "Zofia",
      "Bratislava",
      "Winnipeg",
      "2345",
      "karaoke",
      "trams",
      "memberId",
      "stretches",
    ]) {
      expect(text, secret).not.toContain(secret);
    }

    await actions.finalizePlan(trip.organizer.ctx, { tripId: trip.tripId });
    const final = await openShareLink(anyone, token);
    expect(final ? (await shownPlan(final))?.plan.status : null).toBe("final");

    const rotated = await actions.createShareLink(trip.organizer.ctx, { tripId: trip.tripId });
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated.data.sharePath).not.toBe(made.data.sharePath);
    expect(await openShareLink(anyone, token)).toBeNull();
    const newToken = rotated.data.sharePath.replace("/s/", "");
    expect(await openShareLink(anyone, newToken)).not.toBeNull();

    expect(await actions.revokeShareLink(trip.organizer.ctx, { tripId: trip.tripId })).toMatchObject({ ok: true });
    expect(await openShareLink(anyone, newToken)).toBeNull();
    expect(await openShareLink(anyone, "not a token")).toBeNull();
  });

  it("exports the same UIDs twice, and a regeneration raises SEQUENCE on exactly the events that changed", async () => {
    const { trip, member } = await tripWithPlan();
    const tripId = trip.tripId;
    const v1 = await currentItinerary({ tripId });
    if (!v1) throw new Error("no plan");
    const link = "https://trips.example.com/s/x";
    const first = await calendarOf({ tripId, current: v1, final: false, link });
    expect(await calendarOf({ tripId, current: v1, final: false, link })).toBe(first);

    const flagged = v1.itinerary.days[1]?.items[0];
    if (!flagged) throw new Error("no item");
    await actions.flagItineraryItem(member.ctx, {
      tripId,
      version: 1,
      itemKey: flagged.key,
      reason: "too-expensive",
      note: "",
    });
    // A suggestion of one of the destination's activities that isn't in the plan yet: fitting it in moves others.
    const planned = new Set(v1.itinerary.days.flatMap((d) => d.items.map((i) => i.activityId)));
    const extra = factsFor(v1.itinerary.destination.slug)?.activities.find(
      (a) => !planned.has(a.id) && a.costUsd === 0,
    );
    await actions.suggestAddition(member.ctx, { tripId, version: 1, activityId: extra?.id ?? null, text: "" });
    expect(await actions.regenerateItinerary(trip.organizer.ctx, { tripId })).toMatchObject({ ok: true });
    await settleLocalRuns();
    const v2 = await currentItinerary({ tripId });
    if (v2?.version !== 2) throw new Error("no second version");

    const facts = factsFor(v1.itinerary.destination.slug);
    const before = new Map(
      calendarEvents(tripId, { plan: v1.itinerary, facts }).map((e) => [e.uid, JSON.stringify(e)]),
    );
    const after = calendarEvents(tripId, { plan: v2.itinerary, facts });
    const changed = after.filter((e) => before.has(e.uid) && before.get(e.uid) !== JSON.stringify(e)).map((e) => e.uid);
    const same = after.filter((e) => before.get(e.uid) === JSON.stringify(e)).map((e) => e.uid);
    expect(changed.length, "the regeneration moved something that stayed").toBeGreaterThan(0);

    const parsed = new ICAL.Component(ICAL.parse(await calendarOf({ tripId, current: v2, final: false, link })));
    const sequences = new Map(
      parsed.getAllSubcomponents("vevent").map((c) => {
        const event = new ICAL.Event(c);
        return [event.uid, event.sequence];
      }),
    );
    expect(sequences.size).toBe(after.length);
    expect([...sequences.keys()]).not.toContain(`${tripId}-${flagged.key.replace(":", "-")}@tripsync`);
    for (const uid of changed) expect(sequences.get(uid), uid).toBe(1);
    for (const uid of same) expect(sequences.get(uid), uid).toBe(0);
  });
});
