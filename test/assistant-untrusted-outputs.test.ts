import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { runTool, toolSpecs } from "@/lib/assistant/registry";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { conflictDecisions, members, preferences, trips } from "@/lib/db/schema";
import { withTestDatabase } from "@/test/db";
import { lisbonPlan } from "@/test/itinerary";

withTestDatabase();

/**
 * Every string a member typed, wherever a reading tool puts it, goes out as
 * `{ "untrusted_text": … }` (lib/assistant/README.md "Untrusted text in tool outputs"). The
 * check walks each reading tool's whole output — every value at every depth, whatever its
 * field is called — so a new field that carries a member's words bare fails it. Each planted
 * text carries its own marker, and each marker must be found (wrapped) somewhere, so a field
 * the planting missed can't pass unseen.
 */

const MARK = "qzv";
const PLANTED = {
  tripName: `${MARK}1 Lisbon weekend`,
  description: `${MARK}2 cousins meeting up`,
  organizerName: `${MARK}3 Olga`,
  memberName: `${MARK}4 Sam`,
  notes: `${MARK}5 I snore, sorry`,
  hardNo: `${MARK}6 karaoke`,
  mustHave: `${MARK}7 a beach day`,
  origin: `${MARK}8 Chicago`,
  suggestedPlace: `${MARK}9 Porto`,
  flagNote: `${MARK}10 too many stairs for me`,
  suggestion: `${MARK}11 a fado evening`,
  agreed: `${MARK}12 we share rooms`,
  agreedWhy: `${MARK}13 it halves the cost`,
  customTitle: `${MARK}14 dinner at Rui's`,
  decisionNote: `${MARK}15 most of us live abroad`,
} as const;

type Found = { path: string; text: string };

/** Every bare string in a value (not the text of an `untrusted_text`), with where it is. */
function bareStrings(value: unknown, path = "$"): Found[] {
  if (typeof value === "string") return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => bareStrings(v, `${path}[${i}]`));
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "untrusted_text" && typeof v === "string" ? [] : bareStrings(v, `${path}.${key}`),
    );
  }
  return [];
}

/** Every wrapped text in a value. */
function wrappedStrings(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(wrappedStrings);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, v]) =>
      key === "untrusted_text" && typeof v === "string" ? [v] : wrappedStrings(v),
    );
  }
  return [];
}

describe("member-typed text in every reading tool's output", () => {
  it("finds a bare planted string wherever it is (the walk can fail)", () => {
    const output = { a: { untrusted_text: `${MARK}0 fine` }, b: [{ deep: { name: `${MARK}0 bare` } }] };
    expect(bareStrings(output).filter((f) => f.text.includes(MARK))).toEqual([
      { path: "$.b[0].deep.name", text: `${MARK}0 bare` },
    ]);
    expect(wrappedStrings(output)).toEqual([`${MARK}0 fine`]);
  });

  it("is wrapped, at any depth, for the organizer and a member", async () => {
    const { tripId, organizer, member } = await lisbonPlan();
    const db = await getDb();
    const olga = await requireMember(organizer.ctx, tripId);
    const sam = await requireMember(member.ctx, tripId);
    const plan = await currentItinerary({ tripId });
    if (!plan) throw new Error("no plan");
    const version = plan.version;
    const firstItem = plan.itinerary.days[0]?.items[0]?.key ?? "";

    const flagged = await actions.flagItineraryItem(member.ctx, {
      tripId,
      version,
      itemKey: firstItem,
      reason: "not-accessible",
      note: PLANTED.flagNote,
    });
    expect(flagged.ok, JSON.stringify(flagged)).toBe(true);
    const suggested = await actions.suggestAddition(member.ctx, {
      tripId,
      version,
      activityId: null,
      text: PLANTED.suggestion,
    });
    expect(suggested.ok, JSON.stringify(suggested)).toBe(true);
    const entry = await actions.addContextEntry(member.ctx, {
      tripId,
      kind: "decided",
      text: PLANTED.agreed,
      why: PLANTED.agreedWhy,
    });
    expect(entry.ok, JSON.stringify(entry)).toBe(true);
    const custom = await actions.addCustomItineraryItem(organizer.ctx, {
      tripId,
      version,
      title: PLANTED.customTitle,
      // Day 3 has a morning and an afternoon (test/itinerary.ts): its evening is free.
      day: 3,
      slot: "evening",
    });
    expect(custom.ok, JSON.stringify(custom)).toBe(true);
    // A decision (its stage is past, so straight to its row), names, the description and
    // answers written straight to the rows, as an older app or an import might.
    await db.insert(conflictDecisions).values({
      tripId,
      kind: "scope",
      decision: { kind: "scope", scope: "international" },
      note: PLANTED.decisionNote,
      decidedBy: olga.member.id,
    });
    await db
      .update(trips)
      .set({ name: PLANTED.tripName, description: PLANTED.description })
      .where(eq(trips.id, tripId));
    await db.update(members).set({ name: PLANTED.organizerName }).where(eq(members.id, olga.member.id));
    await db.update(members).set({ name: PLANTED.memberName }).where(eq(members.id, sam.member.id));
    const [row] = await db.select().from(preferences).where(eq(preferences.memberId, sam.member.id));
    const data = row?.data as Record<string, unknown>;
    await db
      .update(preferences)
      .set({
        data: {
          ...data,
          notes: PLANTED.notes,
          hardNos: [PLANTED.hardNo],
          mustHaves: [PLANTED.mustHave],
          origin: PLANTED.origin,
          suggestedPlace: PLANTED.suggestedPlace,
        } as NonNullable<typeof row>["data"],
      })
      .where(eq(preferences.memberId, sam.member.id));

    const reading = toolSpecs().filter((s) => s.effect === "read");
    // The five reading tools of reads.ts, "What we've agreed" and the costs.
    expect(reading.map((s) => s.name).sort()).toEqual(
      [
        "readAgreed",
        "readConflicts",
        "readCosts",
        "readMyAnswers",
        "readPlan",
        "readRecommendations",
        "readTrip",
      ].sort(),
    );
    const seen = new Set<string>();
    for (const [who, browser] of [
      ["organizer", organizer],
      ["member", member],
    ] as const) {
      for (const spec of reading) {
        const result = await runTool(spec.name, {}, { ctx: browser.ctx, tripId });
        expect(result.ok, `${who} ${spec.name}: ${JSON.stringify(result)}`).toBe(true);
        const output = result.ok ? result.data : null;
        const bare = bareStrings(output).filter((f) => f.text.toLowerCase().includes(MARK));
        expect(bare, `${who} ${spec.name}`).toEqual([]);
        for (const text of wrappedStrings(output)) {
          for (const planted of Object.values(PLANTED)) if (text.includes(planted)) seen.add(planted);
        }
      }
    }
    // Every planted text was reached by some reading tool (wrapped), so none was missed by the walk.
    expect([...Object.values(PLANTED)].filter((p) => !seen.has(p))).toEqual([]);
  });
});
