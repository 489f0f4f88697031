import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { listDecisions } from "@/lib/db/queries/decisions";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { loadDashboard } from "@/lib/views/dashboard";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();

/**
 * No 4-day window suits all three (hand-worked: L = 4; Olga covers starts Jun 10–17, Ben
 * Jun 12–15, Kim Jun 19–22; the best window is Jun 12–15), so the organizer decides: plan for
 * Jun 13–16 (not the best window, so the test tells them apart). Kim can't make
 * any of it; Olga and Ben can make all of it.
 */
const group = [
  {
    name: "Olga",
    answers: answers({
      dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] },
      tripLength: { minDays: 4, maxDays: 4 },
    }),
  },
  {
    name: "Ben",
    answers: answers({
      dates: { flexible: false, windows: [{ start: "2027-06-12", end: "2027-06-18" }] },
      tripLength: { minDays: 4, maxDays: 4 },
    }),
  },
  {
    name: "Kim",
    answers: answers({
      dates: { flexible: false, windows: [{ start: "2027-06-19", end: "2027-06-25" }] },
      tripLength: { minDays: 4, maxDays: 4 },
    }),
  },
];
const DECIDED = { kind: "dates" as const, start: "2027-06-13", end: "2027-06-16" };

/** The group, with Kim's own browser. */
async function groupTrip() {
  const trip = await tripWithAnswers(group.slice(0, 2));
  const kim = await trip.join("Kim");
  const saved = await actions.savePreferences(kim.ctx, {
    tripId: trip.tripId,
    expectedVersion: 0,
    preferences: group[2]?.answers,
  });
  if (!saved.ok) throw new Error(saved.message);
  return { ...trip, kim };
}

describe("the organizer's decision on the dates", () => {
  it("replaces the dates conflict for everyone, says who it leaves out, and the recommendations plan for it", async () => {
    const trip = await groupTrip();
    const { kim } = trip;
    const kimView = async () => loadDashboard(await requireMember(kim.ctx, trip.tripId));
    expect((await kimView()).conflicts.map((c) => c.kind)).toContain("dates");

    const decided = await actions.decideConflict(trip.organizer.ctx, {
      tripId: trip.tripId,
      decision: DECIDED,
      note: "Kim joins us after",
    });
    expect(decided.ok).toBe(true);

    const view = await kimView();
    expect(view.conflicts.map((c) => c.kind)).not.toContain("dates");
    expect(view.decisions).toEqual([
      expect.objectContaining({ ...DECIDED, note: "Kim joins us after", decidedBy: "Olga" }),
    ]);
    const names = (ids: string[]) => ids.map((id) => view.members.find((m) => m.id === id)?.name).sort();
    expect(names(view.profile.dates.decided?.availableIds ?? [])).toEqual(["Ben", "Olga"]);
    expect(names(view.profile.dates.decided?.missingIds ?? [])).toEqual(["Kim"]);

    const run = await runPipeline(trip.tripId);
    expect(run.status).toBe("succeeded");
    const pack = (await latestRecommendations({ tripId: trip.tripId }))?.pack;
    expect(pack?.frame.window).toEqual({ start: "2027-06-13", end: "2027-06-16" });
    // Decided is not pending: the cards plan for the decided dates, and say who can't make all of them.
    expect(pack?.frame.datesPending).toBe(false);
    expect(pack?.coverage.missing).toContain("The organizer decided on Jun 13–16: Kim can't make all of it");
    for (const option of pack?.options ?? []) {
      expect(option.trip.start).toBe("2027-06-13");
      expect(option.trip.end).toBe("2027-06-16");
    }

    // Withdrawn: the conflict is back.
    expect((await actions.clearDecision(trip.organizer.ctx, { tripId: trip.tripId, kind: "dates" })).ok).toBe(true);
    expect((await kimView()).conflicts.map((c) => c.kind)).toContain("dates");
    expect((await kimView()).decisions).toEqual([]);
  });

  it("refuses dates that have started, a window over 30 days, and a member deciding", async () => {
    const trip = await groupTrip();
    const past = await actions.decideConflict(trip.organizer.ctx, {
      tripId: trip.tripId,
      decision: { kind: "dates", start: "2020-01-01", end: "2020-01-05" },
    });
    expect(past).toMatchObject({
      ok: false,
      code: "invalid:input",
      fieldErrors: { "decision.start": expect.any(String) },
    });
    const long = await actions.decideConflict(trip.organizer.ctx, {
      tripId: trip.tripId,
      decision: { kind: "dates", start: "2027-06-01", end: "2027-07-15" },
    });
    expect(long).toMatchObject({ ok: false, fieldErrors: { "decision.end": "At most 30 days" } });
    const byMember = await actions.decideConflict(trip.kim.ctx, { tripId: trip.tripId, decision: DECIDED });
    expect(byMember).toMatchObject({ ok: false, code: "forbidden:organizer" });
    const view = await loadDashboard(await requireMember(trip.kim.ctx, trip.tripId));
    expect(view.decisions).toEqual([]);
  });

  it("the note is typed text like every other: hidden control characters are a field error, invisible ones go", async () => {
    const trip = await groupTrip();
    for (const note of ["Kim joins\u0000 after", "Kim joins\u0007 after", "Kim\uD800 joins"]) {
      const refused = await actions.decideConflict(trip.organizer.ctx, {
        tripId: trip.tripId,
        decision: DECIDED,
        note,
      });
      expect(refused).toMatchObject({ ok: false, code: "invalid:input", fieldErrors: { note: expect.any(String) } });
    }
    expect(await listDecisions({ tripId: trip.tripId })).toEqual([]);

    const decided = await actions.decideConflict(trip.organizer.ctx, {
      tripId: trip.tripId,
      decision: DECIDED,
      note: "  \u202EKim joins\u200B after 🎉 ",
    });
    expect(decided.ok).toBe(true);
    expect((await listDecisions({ tripId: trip.tripId })).map((d) => d.note)).toEqual(["Kim joins after 🎉"]);
  });
});

describe("the organizer's decision on domestic or abroad", () => {
  it("every member's own side gives way to it: the ideas follow it, and the checks agree", async () => {
    // Olga (Boston) wants to stay in the US, Ben (Chicago) wants to go abroad: split.
    const trip = await tripWithAnswers([
      { name: "Olga", answers: answers({ scope: "domestic", origin: "Boston", vibes: ["food", "city"] }) },
      { name: "Ben", answers: answers({ scope: "international", origin: "Chicago", vibes: ["food", "city"] }) },
    ]);
    const view = async () => loadDashboard(await requireMember(trip.organizer.ctx, trip.tripId));
    expect((await view()).conflicts.map((c) => c.kind)).toContain("scope");
    // Split and undecided, nobody's side is forced: here the ideas include places abroad.
    expect((await runPipeline(trip.tripId)).status).toBe("succeeded");
    const split = (await latestRecommendations({ tripId: trip.tripId }))?.pack.options ?? [];
    expect(split.some((o) => o.countryCode !== "US")).toBe(true);

    for (const [scope, inUs] of [
      ["domestic", true],
      ["international", false],
    ] as const) {
      const decided = await actions.decideConflict(trip.organizer.ctx, {
        tripId: trip.tripId,
        decision: { kind: "scope", scope },
      });
      expect(decided.ok).toBe(true);
      expect((await view()).conflicts.map((c) => c.kind)).not.toContain("scope");
      expect((await runPipeline(trip.tripId)).status).toBe("succeeded");
      const options = (await latestRecommendations({ tripId: trip.tripId }))?.pack.options ?? [];
      expect(options.length).toBeGreaterThanOrEqual(3);
      for (const o of options) expect(o.countryCode === "US", `${scope}: ${o.name}`).toBe(inUs);
    }
  });
});
