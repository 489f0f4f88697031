import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { tripCookieName } from "@/lib/auth/session";
import { listFeedback, listFlagsInForce } from "@/lib/db/queries/feedback";
import { currentItinerary, listItineraryVersions } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { savePreferences } from "@/lib/db/queries/preferences";
import { latestRun } from "@/lib/db/queries/runs";
import { factsFor } from "@/lib/facts";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";
import { validateItinerary } from "@/lib/validation/itinerary";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers } from "@/test/fixtures";
import { itineraryOutcome, keysOf, planningTrip, runItinerary } from "@/test/itinerary";

withTestDatabase();

/**
 * Issue 24, items 1 and 2: a flag is a constraint on every later version of the plan until
 * its author lets go (or the organizer lifts it, with a reason everyone sees), and a hard no
 * added after a plan exists is honoured by the next regeneration without failing.
 *
 * The group: Olga (organizer, from Boston), Cara (Member 0, from Chicago, wheelchair) and
 * Ben (Member 1, from London), five days in Barcelona, Mon 10 – Fri 14 May 2027, balanced pace.
 */

/** Barcelona's activities the catalog tags museum (or gallery): what "no museums" keeps out. */
const BARCELONA_MUSEUMS = [
  "a:casa-batllo",
  "a:casa-mila",
  "a:picasso-museum",
  "a:fundacio-miro",
  "a:sant-pau-modernista",
  "a:casa-vicens",
  "a:mnac",
  "a:muhba-placa-del-rei",
  "a:el-born-ccm",
  "a:macba",
  "a:palau-guell",
  "a:casa-amatller",
  "a:caixaforum",
];
const CONCERT = "a:palau-musica-concert";

/** What the offline planner makes for the group (worked out once and written down here). */
const V1 = [
  ["a:parc-de-la-ciutadella", CONCERT],
  ["a:muhba-placa-del-rei", "a:el-born-ccm", "a:liceu-opera"],
  ["a:gothic-quarter-walk", "a:macba", "a:gracia-plazas-evening"],
  ["a:sant-pau-modernista", "a:casa-mila", "a:magic-fountain"],
  ["a:barcelona-cathedral", "a:barceloneta-beach"],
];

const person = (origin: string, more: Partial<MemberPreferencesInput> = {}) =>
  MemberPreferences.parse(answers({ origin, pace: "balanced", budget: null, ...more }));
const keys = (plan: Itinerary) => keysOf(plan).flat();

async function barcelonaGroup(extra: MemberPreferences[] = []) {
  const trip = await planningTrip(
    [person("Boston"), person("Chicago", { accessibility: ["wheelchair"] }), person("London"), ...extra],
    { slug: "barcelona", start: "2027-05-10", end: "2027-05-14" },
  );
  const as = (token: string | undefined) => browser(new Map([[tripCookieName(trip.tripId), token ?? ""]]));
  const run = await runItinerary(trip.tripId);
  expect(run.status).toBe("succeeded");
  return {
    tripId: trip.tripId,
    olga: as(trip.organizerToken),
    cara: as(trip.memberTokens[0]),
    ben: as(trip.memberTokens[1]),
    memberTokens: trip.memberTokens,
  };
}

async function regenerate(tripId: string, organizer: ReturnType<typeof browser>) {
  const started = await actions.regenerateItinerary(organizer.ctx, { tripId });
  expect(started).toMatchObject({ ok: true });
  await settleLocalRuns();
  const run = await latestRun({ tripId });
  expect(run).toMatchObject({ status: "succeeded" });
  const { stored, violations } = await itineraryOutcome(tripId, run?.id ?? "");
  expect(violations).toEqual([]);
  if (!stored) throw new Error("no plan");
  return stored;
}

describe("flags stay in force until their author lets go", () => {
  it("Cara's concert and Ben's MACBA (no museums) never come back: regenerations, a re-plan after new dates, a restore", async () => {
    const { tripId, olga, cara, ben } = await barcelonaGroup();
    const v1 = await currentItinerary({ tripId });
    if (!v1) throw new Error("no plan");
    expect(keysOf(v1.itinerary)).toEqual(V1);

    expect(
      await actions.flagItineraryItem(cara.ctx, {
        tripId,
        version: 1,
        itemKey: CONCERT,
        reason: "not-accessible",
        note: "",
      }),
    ).toMatchObject({ ok: true });
    expect(
      await actions.flagItineraryItem(ben.ctx, {
        tripId,
        version: 1,
        itemKey: "a:macba",
        reason: "not-my-thing",
        note: "I said no museums please",
      }),
    ).toMatchObject({ ok: true });

    // The validator, given the flags as their rows say, rejects version 1: the concert, and every museum in it.
    const members = await listMembersWithPreferences({ tripId });
    const flags = (await listFlagsInForce({ tripId })).map((f) => ({
      id: f.id,
      itemKey: f.itemKey ?? "",
      reason: f.reason ?? "other",
      text: f.text,
    }));
    const judged = validateItinerary(v1.itinerary, {
      members: members.map(({ id, name, preferences }) => ({ id, name, preferences })),
      facts: factsFor("barcelona") ?? (undefined as never),
      dates: { start: "2027-05-10", end: "2027-05-14" },
      plannedOn: "2027-01-01",
      feedback: [],
      organizerItems: [],
      flags,
    });
    expect(
      judged
        .filter((v) => v.rule === "flag")
        .map((v) => v.itemKey)
        .sort(),
    ).toEqual(
      [CONCERT, "a:muhba-placa-del-rei", "a:el-born-ccm", "a:macba", "a:sant-pau-modernista", "a:casa-mila"].sort(),
    );

    // Version 2: both gone, no museum takes MACBA's place (Museu Picasso included), culture that isn't a museum stays.
    const v2 = await regenerate(tripId, olga);
    expect(v2.version).toBe(2);
    expect(keys(v2.itinerary)).not.toContain(CONCERT);
    for (const museum of BARCELONA_MUSEUMS) expect(keys(v2.itinerary)).not.toContain(museum);
    expect(keys(v2.itinerary)).toContain("a:liceu-opera");
    const statuses = async () =>
      Object.fromEntries((await listFeedback({ tripId })).map((f) => [f.itemKey ?? f.text, f.status]));
    expect(await statuses()).toEqual({ [CONCERT]: "applied", "a:macba": "applied" });
    // Nor can Olga put the concert back by hand while Cara's flag stands.
    const swapped = await actions.swapItineraryItem(olga.ctx, {
      tripId,
      version: 2,
      itemKey: "a:liceu-opera",
      activityId: "palau-musica-concert",
    });
    expect(swapped).toMatchObject({ ok: false, code: "conflict:edit" });
    expect(swapped.ok ? "" : swapped.message).toContain('Concert at Palau de la Música Catalana": a member flagged it');

    // Version 3: Olga flags something else and regenerates: the earlier flags still hold.
    const other = keys(v2.itinerary)[0] ?? "";
    expect(
      await actions.flagItineraryItem(olga.ctx, {
        tripId,
        version: 2,
        itemKey: other,
        reason: "other",
        note: "seen it",
      }),
    ).toMatchObject({ ok: true });
    const v3 = await regenerate(tripId, olga);
    expect(keys(v3.itinerary)).not.toContain(CONCERT);
    for (const museum of BARCELONA_MUSEUMS) expect(keys(v3.itinerary)).not.toContain(museum);

    // New dates, a fresh plan: still neither.
    expect(await actions.setTripDates(olga.ctx, { tripId, start: "2027-05-17", end: "2027-05-21" })).toMatchObject({
      ok: true,
    });
    expect(await actions.generateItinerary(olga.ctx, { tripId })).toMatchObject({ ok: true });
    await settleLocalRuns();
    const v4 = await currentItinerary({ tripId });
    expect(v4?.version).toBe(4);
    expect(v4?.itinerary.dates.start).toBe("2027-05-17");
    expect(keys(v4?.itinerary as Itinerary)).not.toContain(CONCERT);
    for (const museum of BARCELONA_MUSEUMS) expect(keys(v4?.itinerary as Itinerary)).not.toContain(museum);

    // Restoring version 1 says what it would bring back before doing anything.
    const asked = await actions.restoreItinerary(olga.ctx, { tripId, version: 1 });
    expect(asked).toMatchObject({ ok: false, code: "conflict:restore-flagged" });
    expect(asked.ok ? "" : asked.message).toContain('"Concert at Palau de la Música Catalana"');
    expect(asked.ok ? "" : asked.message).toContain('"MACBA contemporary art museum"');
    expect((await listItineraryVersions({ tripId })).length).toBe(4);

    // Only the author lets go: Ben can't lift Cara's flag; Cara can.
    const caras = (await listFeedback({ tripId })).find((f) => f.itemKey === CONCERT);
    expect(await actions.withdrawFeedback(ben.ctx, { tripId, feedbackId: caras?.id ?? "" })).toMatchObject({
      ok: false,
      code: "not_found:feedback",
    });
    expect(await actions.liftFlag(ben.ctx, { tripId, feedbackId: caras?.id ?? "", reason: "fine" })).toMatchObject({
      ok: false,
    });
    expect(await actions.withdrawFeedback(cara.ctx, { tripId, feedbackId: caras?.id ?? "" })).toMatchObject({
      ok: true,
    });
    // The organizer lifts Ben's, with a reason everyone sees.
    const bens = (await listFeedback({ tripId })).find((f) => f.itemKey === "a:macba");
    expect(
      await actions.liftFlag(olga.ctx, { tripId, feedbackId: bens?.id ?? "", reason: "We booked MACBA tickets" }),
    ).toMatchObject({ ok: true });
    const lifted = (await listFeedback({ tripId })).find((f) => f.itemKey === "a:macba");
    expect(lifted).toMatchObject({ status: "withdrawn", liftReason: "We booked MACBA tickets" });
    expect(lifted?.liftedBy).not.toBeNull();
    // Olga's own flag is the one left; version 1 has its item, so she's asked again, and her yes lifts it.
    expect((await listFlagsInForce({ tripId })).map((f) => f.itemKey)).toEqual([other]);
    expect(await actions.restoreItinerary(olga.ctx, { tripId, version: 1 })).toMatchObject({
      ok: false,
      code: "conflict:restore-flagged",
    });
    expect(await actions.restoreItinerary(olga.ctx, { tripId, version: 1, liftFlags: true })).toEqual({
      ok: true,
      data: { version: 5 },
    });
    expect(await listFlagsInForce({ tripId })).toEqual([]);
    expect((await listFeedback({ tripId })).find((f) => f.itemKey === other)?.liftReason).toMatch(
      /^The organizer restored version 1, which has "/,
    );
  }, 120_000);
});

describe("a hard no added after the plan exists", () => {
  it("a 12-member group: a member rules out a planned place and the organizer re-plans; it is gone and the run succeeds", async () => {
    // Nine more travellers; one of them names a place in their notes (naming a place isn't the plan quoting them).
    const more = Array.from({ length: 9 }, (_, i) =>
      person(["Boston", "Chicago", "London"][i % 3] ?? "Boston", {
        notes: i === 4 ? "Can't wait for the Concert at Palau de la Música Catalana!" : "",
      }),
    );
    const { tripId, olga } = await barcelonaGroup(more);
    expect((await listMembersWithPreferences({ tripId })).length).toBe(12);
    const v1 = await currentItinerary({ tripId });
    expect(keysOf(v1?.itinerary as Itinerary)[3]).toEqual(["a:sant-pau-modernista", "a:casa-mila", "a:magic-fountain"]);

    const members = await listMembersWithPreferences({ tripId });
    const ines = members.find((m) => m.name === "Member 5");
    if (!ines?.preferences) throw new Error("no member 5");
    await savePreferences({
      tripId,
      memberId: ines.id,
      data: { ...ines.preferences, hardNos: ["no Casa Milà (La Pedrera)"] },
      expectedVersion: 1,
    });
    expect(await actions.replanWithNewAnswers(olga.ctx, { tripId })).toMatchObject({ ok: true });
    await settleLocalRuns();
    const run = await latestRun({ tripId });
    expect(run).toMatchObject({ kind: "regenerate", status: "succeeded", error: null });
    const { stored, violations } = await itineraryOutcome(tripId, run?.id ?? "");
    expect(violations).toEqual([]);
    expect(stored?.version).toBe(2);
    expect(keys(stored?.itinerary as Itinerary)).not.toContain("a:casa-mila");
    // The rest of that day stays where it was.
    expect(keysOf(stored?.itinerary as Itinerary)[3]).toEqual(
      expect.arrayContaining(["a:sant-pau-modernista", "a:magic-fountain"]),
    );
    // And the plan doesn't quote her words back.
    expect(JSON.stringify(stored?.itinerary.days)).not.toMatch(/no Casa Mil/i);
  }, 120_000);
});
