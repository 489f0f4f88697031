import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { tripHub } from "@/lib/live/hub";
import { type EarlyCard, LiveMessage } from "@/lib/schemas/trip-events";
import type { TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { type LiveServer, openLiveChannel, type SseClient, startLiveServer } from "@/test/live-server";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();

/**
 * Privacy of the live channel over a whole journey: every payload each kind of viewer
 * receives (the organizer, a member, another member) from joining to finalizing, read off
 * the wire. Each person's answers carry planted values no page shows anyone else: their
 * budget, their notes, their hard no's and their home city. A member must find none of
 * another's; the organizer, who sees costs and attribution on the pages, never a note.
 */

type Planted = { budget: { min: number; max: number }; notes: string; hardNo: string; origin: string };

const PLANTED: Record<"olga" | "ben" | "cleo", Planted> = {
  olga: {
    budget: { min: 1061, max: 13579 },
    notes: "Quietly-planted note from Olga",
    hardNo: "timeshare pitches",
    origin: "Anchorage",
  },
  ben: {
    budget: { min: 1097, max: 12468 },
    notes: "Quietly-planted note from Ben",
    hardNo: "karaoke nights",
    origin: "Winnipeg",
  },
  cleo: {
    budget: { min: 1123, max: 11357 },
    notes: "Quietly-planted note from Cleo",
    hardNo: "bungee jumping",
    origin: "Reykjavik",
  },
};

function answersOf(p: Planted, tripLength = { minDays: 3, maxDays: 7 }) {
  return answers({
    tripLength,
    dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] },
    budget: { ...p.budget, hardLimit: false },
    vibes: ["city", "food"],
    notes: p.notes,
    hardNos: [p.hardNo],
    origin: p.origin,
  });
}

/** The planted values as they could appear in text: numbers bare or with a thousands comma, words any case. */
function tellTales(p: Planted, which: ("budget" | "notes" | "hardNo" | "origin")[]): RegExp[] {
  const number = (n: number) => new RegExp(`(?<![0-9a-f-])(${n}|${n.toLocaleString("en-US")})(?![0-9a-f-])`);
  return which.flatMap((w) =>
    w === "budget"
      ? [number(p.budget.min), number(p.budget.max)]
      : [new RegExp(p[w].replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i")],
  );
}

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(async () => {
  await server?.close();
});

/** The trip events a stream received (control messages aside), checked against the wire format. */
function payloadsOf(client: SseClient): { kind: string; text: string }[] {
  return client.messages
    .filter((m) => m.event === undefined)
    .map((m) => {
      const message = LiveMessage.parse(JSON.parse(m.data));
      return { kind: message.kind, text: m.data };
    });
}

describe("the live channel's payloads over a whole journey", () => {
  it("carry no other member's budget, notes, hard no's or home city to anyone", { timeout: 120_000 }, async () => {
    const trip = await newTrip("Privacy journey");
    const { tripId, organizer } = trip;
    // Everyone listens from the trip's first event on (a replay, then live).
    const listen = (who: TestBrowser) => openLiveChannel(server, tripId, who, { after: 0 });
    const olgaStream = await listen(organizer);
    const ben = await trip.join("Ben");
    const benStream = await listen(ben);
    const cleo = await trip.join("Cleo");
    const cleoStream = await listen(cleo);

    // Cleo wants 9–12 days, the others 3–7: a conflict on the trip's length that her answers can fix.
    for (const [who, planted, tripLength] of [
      [organizer, PLANTED.olga, undefined],
      [ben, PLANTED.ben, undefined],
      [cleo, PLANTED.cleo, { minDays: 9, maxDays: 12 }],
    ] as const) {
      const saved = await actions.savePreferences(who.ctx, {
        tripId,
        expectedVersion: 0,
        preferences: answersOf(planted, tripLength),
      });
      expect(saved.ok).toBe(true);
    }
    // The organizer asks Cleo to look at it, and she applies her fix (shortest trip 9 → 7 days).
    const cleoId = (await requireMember(cleo.ctx, tripId)).member.id;
    expect(
      (await actions.askMemberToResolve(organizer.ctx, { tripId, memberId: cleoId, conflict: "trip-length" })).ok,
    ).toBe(true);
    expect(
      (await actions.applyResolution(cleo.ctx, { tripId, resolutionId: "trip-length:min:7", expectedVersion: 1 })).ok,
    ).toBe(true);

    await runPipeline(tripId);
    const stored = await latestRecommendations({ tripId });
    const option = stored?.pack.status === "ready" ? stored.pack.options[0] : undefined;
    if (!stored || !option) throw new Error("no options for the group");
    const choice = { tripId, recommendationId: stored.id, slug: option.slug };
    expect((await actions.voteForDestination(ben.ctx, choice)).ok).toBe(true);
    expect((await actions.voteForDestination(cleo.ctx, choice)).ok).toBe(true);
    expect((await actions.chooseDestination(organizer.ctx, choice)).ok).toBe(true);
    expect((await actions.setTripDates(organizer.ctx, { tripId, start: "2027-06-12", end: "2027-06-16" })).ok).toBe(
      true,
    );
    expect((await runItinerary(tripId)).status).toBe("succeeded");
    const v1 = await currentItinerary({ tripId });
    const item = v1?.itinerary.days[1]?.items[0];
    if (!v1 || !item) throw new Error("no plan");
    const flagged = await actions.flagItineraryItem(ben.ctx, {
      tripId,
      version: 1,
      itemKey: item.key,
      reason: "not-my-thing",
      note: "",
    });
    expect(flagged.ok).toBe(true);
    expect((await runItinerary(tripId, "regenerate")).status).toBe("succeeded");
    expect((await actions.finalizePlan(organizer.ctx, { tripId })).ok).toBe(true);

    // The finalize is the journey's last event: wait until every stream has it.
    const finalized = (m: { event?: string; data: string }) =>
      m.event === undefined && /"kind":"trip.changed","status":"finalized"|"status":"finalized"/.test(m.data);
    await Promise.all([olgaStream, benStream, cleoStream].map((s) => s.next(finalized)));

    const received = { olga: payloadsOf(olgaStream), ben: payloadsOf(benStream), cleo: payloadsOf(cleoStream) };
    // Both joins reached Olga and Ben with the dashboard's group (each stream replays the trip
    // from its first event), Cleo's own join reached her with it; so did the request, to everyone.
    // The leak checks below read them all.
    const joinsWithGroup = (viewer: keyof typeof received) =>
      received[viewer].filter((m) => m.kind === "member.joined" && m.text.includes('"group":{')).length;
    expect([joinsWithGroup("olga"), joinsWithGroup("ben")]).toEqual([2, 2]);
    expect(joinsWithGroup("cleo")).toBeGreaterThanOrEqual(1);
    for (const messages of Object.values(received))
      expect(messages.filter((m) => m.kind === "request.changed" && m.text.includes('"group":{'))).toHaveLength(1);
    // Every kind of change of the journey reached each of them, with its payload.
    for (const messages of Object.values(received)) {
      const kinds = new Set(messages.map((m) => m.kind));
      for (const kind of [
        "preferences.saved",
        "request.changed",
        "run.started",
        "run.progress",
        "run.ended",
        "vote.changed",
        "destination.chosen",
        "itinerary.version",
        "feedback.changed",
        "trip.changed",
      ])
        expect(kinds, kind).toContain(kind);
      // Cards reached them while the run went on.
      expect(messages.some((m) => m.kind === "run.progress" && m.text.includes('"card":{'))).toBe(true);
      // So did the plan's days as they were drafted (both runs: the first plan and the regeneration),
      // and the leak checks below read them too.
      expect(messages.filter((m) => m.kind === "run.progress" && m.text.includes('"day":{')).length).toBe(10);
    }

    const all = ["budget", "notes", "hardNo", "origin"] as const;
    const leaks = (viewer: keyof typeof received, others: Planted[], which: readonly (typeof all)[number][]) =>
      received[viewer].flatMap((m) =>
        others.flatMap((p) =>
          tellTales(p, [...which])
            .filter((re) => re.test(m.text))
            .map((re) => `${m.kind}: ${re}`),
        ),
      );
    // A member: nothing of the others (the organizer included).
    expect(leaks("ben", [PLANTED.olga, PLANTED.cleo], all)).toEqual([]);
    expect(leaks("cleo", [PLANTED.olga, PLANTED.ben], all)).toEqual([]);
    // The organizer: no member's notes or budget, ever.
    expect(leaks("olga", [PLANTED.ben, PLANTED.cleo], ["notes", "budget"])).toEqual([]);
    // The cut is per viewer: on the cards that arrived during the run, Ben sees his own cost
    // and nobody else's; the organizer sees all three.
    const ids = {
      olga: (await requireMember(organizer.ctx, tripId)).member.id,
      ben: (await requireMember(ben.ctx, tripId)).member.id,
    };
    const costIdsOnCards = (viewer: keyof typeof received) =>
      received[viewer].flatMap((m) => {
        const payload = (JSON.parse(m.text) as { payload?: { card?: EarlyCard | null } }).payload;
        return payload?.card ? [payload.card.option.costs.map((c) => c.memberId).sort()] : [];
      });
    expect(costIdsOnCards("ben").length).toBeGreaterThan(0);
    for (const costIds of costIdsOnCards("ben")) expect(costIds).toEqual([ids.ben]);
    for (const costIds of costIdsOnCards("olga")) expect(costIds).toHaveLength(3);
    expect(costIdsOnCards("olga").flat()).toContain(ids.ben);

    for (const s of [olgaStream, benStream, cleoStream]) s.close();
    // Let the streams leave the trip's listener before the database closes.
    const hub = await tripHub();
    await vi.waitFor(() => expect(hub.stats().subscribers).toBe(0));
  });
});
