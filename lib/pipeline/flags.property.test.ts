import fc from "fast-check";
import { expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { tripCookieName } from "@/lib/auth/session";
import { listFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getPreferences, savePreferences } from "@/lib/db/queries/preferences";
import { getTrip } from "@/lib/db/queries/trips";
import { factsFor } from "@/lib/facts";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { FLAG_REASONS, type FlagReason, type Itinerary } from "@/lib/schemas/itinerary";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { validateItinerary } from "@/lib/validation/itinerary";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { planningTrip, runItinerary } from "@/test/itinerary";

withTestDatabase();

/**
 * Issue 24: over generated groups in Barcelona and random feedback sequences — flags of every
 * reason (some saying "no museums"), withdrawals by their authors, lifts by the organizer,
 * regenerations, restores (confirmed or not) and date changes with a fresh plan — no
 * version made after a flag ever has an item under a flag still in force, and every version
 * keeps every member's hard no's. Members' notes carry time limits, a pace and dislikes
 * ("nothing before 10am, back by 10pm", "Odio los museos", "can't stand crowds"), and a
 * member may change them after a plan exists: every version planned since keeps them. The
 * oracle is written here by hand from the catalog's tags and the clock (what "no museums",
 * "not MACBA", "nothing before 10am"… rule out), plus the independent validator given the
 * flags as their rows say.
 */

const facts = factsFor("barcelona");
if (!facts) throw new Error("no Barcelona");
const activity = (key: string) => facts.activities.find((a) => `a:${a.id}` === key);
const tagged = (key: string, tags: string[]) => activity(key)?.keywords.some((k) => tags.includes(k)) ?? false;

/** Hard no's and, for each, which planned items break it (by hand, from the catalog's tags). */
const HARD_NOS: Record<string, (key: string) => boolean> = {
  "no museums": (key) => tagged(key, ["museum", "gallery"]),
  "no Casa Milà (La Pedrera)": (key) => key === "a:casa-mila",
  "not MACBA": (key) => key === "a:macba",
  "no boats": (key) => tagged(key, ["boat", "ferry", "cruise", "sailing", "kayaking", "rafting", "seasickness"]),
};
/** Flag notes, and what a flag in force with that note (and a reason that reads it) keeps out besides its item. */
const NOTES: Record<string, (key: string) => boolean> = {
  "": () => false,
  "I said no museums please": (key) => tagged(key, ["museum", "gallery"]),
  "seen it before": () => false,
};
const KIND_REASONS: FlagReason[] = ["not-my-thing", "not-accessible", "diet-clash"];

type Planned = { key: string; startTime: string; durationHours: number };
const at = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));
/** Members' notes, and what each rules out of a day (by hand: catalog tags, the clock, a count). */
const MEMBER_NOTES: Record<string, { item: (i: Planned) => boolean; day: (items: Planned[]) => boolean }> = {
  "": { item: () => false, day: () => false },
  "I hate museums": { item: (i) => tagged(i.key, ["museum", "gallery"]), day: () => false },
  "nothing before 10am, back by 10pm": {
    item: (i) => at(i.startTime) < 600 || at(i.startTime) + i.durationHours * 60 > 1320,
    day: () => false,
  },
  "Odio los museos. Nada antes de las 10.": {
    item: (i) => tagged(i.key, ["museum", "gallery"]) || at(i.startTime) < 600,
    day: () => false,
  },
  "can't stand crowds": { item: (i) => tagged(i.key, ["crowds", "queues", "queue"]), day: () => false },
  "slow pace please": { item: () => false, day: (items) => items.length > 2 },
};

const member = fc
  .record({
    hardNos: fc.subarray(Object.keys(HARD_NOS), { maxLength: 2 }),
    wheelchair: fc.boolean(),
    pace: fc.constantFrom("relaxed", "balanced", "packed"),
    notes: fc.constantFrom(...Object.keys(MEMBER_NOTES)),
  })
  .map((m) =>
    MemberPreferences.parse({
      dates: { flexible: true, windows: [] },
      tripLength: { minDays: 1, maxDays: 30 },
      budget: null,
      vibes: [],
      pace: m.pace,
      accommodation: null,
      dietary: [],
      accessibility: m.wheelchair ? ["wheelchair"] : [],
      hardNos: m.hardNos,
      mustHaves: [],
      scope: "either",
      origin: "Boston",
      notes: m.notes,
    }),
  );

type Step =
  | { kind: "flag"; who: number; pick: number; reason: FlagReason; note: string }
  | { kind: "withdraw" | "lift" | "regenerate" | "redate"; pick: number }
  | { kind: "restore"; pick: number; confirm: boolean }
  /** A member changes their notes after the plan exists. */
  | { kind: "notes"; who: number; notes: string };
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constant("flag" as const),
      who: fc.nat(),
      pick: fc.nat(),
      reason: fc.constantFrom(...FLAG_REASONS),
      note: fc.constantFrom(...Object.keys(NOTES)),
    }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constantFrom("withdraw" as const, "lift" as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("regenerate" as const), pick: fc.nat() }), weight: 3 },
  { arbitrary: fc.record({ kind: fc.constant("redate" as const), pick: fc.nat() }), weight: 1 },
  { arbitrary: fc.record({ kind: fc.constant("restore" as const), pick: fc.nat(), confirm: fc.boolean() }), weight: 1 },
  {
    arbitrary: fc.record({
      kind: fc.constant("notes" as const),
      who: fc.nat(),
      notes: fc.constantFrom(...Object.keys(MEMBER_NOTES)),
    }),
    weight: 1,
  },
);

const keysIn = (plan: Itinerary) => plan.days.flatMap((d) => d.items.map((i) => i.key));

it("no version made after a flag has an item under a flag in force, and every version keeps everyone's hard no's, time limits and dislikes", async () => {
  const seen = { versionsChecked: 0, planned: 0, notesChecked: 0 };
  await fc.assert(
    fc.asyncProperty(
      fc.array(member, { minLength: 2, maxLength: 4 }),
      fc.array(step, { minLength: 4, maxLength: 9 }),
      async (group, sequence) => {
        const trip = await planningTrip(group, { slug: "barcelona", start: "2027-05-10", end: "2027-05-13" });
        const as = (token: string | undefined) => browser(new Map([[tripCookieName(trip.tripId), token ?? ""]]));
        const organizer = as(trip.organizerToken);
        const people = [organizer, ...trip.memberTokens.map(as)];
        let members = await listMembersWithPreferences({ tripId: trip.tripId });
        // Each flag's author acts in their own browser ("Member i" holds the i-th member token).
        const browserOf = (memberId: string) => {
          const name = members.find((m) => m.id === memberId)?.name ?? "";
          const index = Number(name.replace("Member ", ""));
          return name.startsWith("Member ") ? (people[1 + index] ?? organizer) : organizer;
        };
        if ((await runItinerary(trip.tripId)).status !== "succeeded") return;
        seen.planned++;

        /** `planned`: a version the planner made (a restore brings back one made under earlier answers). */
        const check = async (planned: boolean) => {
          const current = await currentItinerary({ tripId: trip.tripId });
          if (!current) return;
          seen.versionsChecked++;
          const inForce = (await listFeedback({ tripId: trip.tripId })).filter(
            (f) => f.kind === "flag" && (f.status === "open" || f.status === "applied"),
          );
          const trip$ = await getTrip({ tripId: trip.tripId });
          for (const key of keysIn(current.itinerary)) {
            for (const f of inForce) {
              expect(key, `flagged ${f.itemKey} (${f.reason}: "${f.text}")`).not.toBe(f.itemKey);
              if (f.reason && KIND_REASONS.includes(f.reason))
                expect(NOTES[f.text]?.(key), `${key} under "${f.text}"`).toBe(false);
            }
            for (const m of members)
              for (const no of m.preferences?.hardNos ?? [])
                expect(HARD_NOS[no]?.(key), `${key} breaks "${no}"`).toBe(false);
          }
          if (planned) {
            for (const d of current.itinerary.days) {
              for (const m of members) {
                const rule = MEMBER_NOTES[m.preferences?.notes ?? ""];
                if (!rule) continue;
                seen.notesChecked++;
                expect(rule.day(d.items), `day ${d.day} breaks "${m.preferences?.notes}"`).toBe(false);
                for (const i of d.items)
                  expect(rule.item(i), `${i.key} at ${i.startTime} breaks "${m.preferences?.notes}"`).toBe(false);
              }
            }
          }
          const judged = validateItinerary(current.itinerary, {
            members: members.map(({ id, name, preferences }) => ({ id, name, preferences })),
            facts,
            dates: { start: trip$?.startDate ?? "", end: trip$?.endDate ?? "" },
            plannedOn: "2027-01-01",
            feedback: [],
            organizerItems: [],
            flags: inForce.map((f) => ({
              id: f.id,
              itemKey: f.itemKey ?? "",
              reason: f.reason ?? "other",
              text: f.text,
            })),
          });
          const rules = ["flag", "hard-constraint", ...(planned ? ["time-limit", "pace-limit", "dislike"] : [])];
          expect(judged.filter((v) => rules.includes(v.rule))).toEqual([]);
        };

        await check(true);
        let shift = 0;
        for (const s of sequence) {
          const current = await currentItinerary({ tripId: trip.tripId });
          if (!current) throw new Error("the plan is gone");
          const before = current.version;
          if (s.kind === "notes") {
            // As the member would, through their own answers; the next plan must keep them.
            const m = members.filter((x) => x.preferences)[s.who % members.length];
            const saved = m ? await getPreferences({ memberId: m.id }) : null;
            if (!m || !saved) continue;
            await savePreferences({
              tripId: trip.tripId,
              memberId: m.id,
              data: { ...saved.data, notes: s.notes },
              expectedVersion: saved.version,
            });
            members = await listMembersWithPreferences({ tripId: trip.tripId });
            continue;
          }
          if (s.kind === "flag") {
            const items = keysIn(current.itinerary);
            if (items.length === 0) continue;
            await actions.flagItineraryItem(people[s.who % people.length]?.ctx ?? organizer.ctx, {
              tripId: trip.tripId,
              version: current.version,
              itemKey: items[s.pick % items.length] ?? "",
              reason: s.reason,
              note: s.note,
            });
            continue;
          }
          if (s.kind === "withdraw" || s.kind === "lift") {
            const flags = (await listFeedback({ tripId: trip.tripId })).filter(
              (f) => f.kind === "flag" && (f.status === "open" || f.status === "applied"),
            );
            const f = flags[s.pick % Math.max(1, flags.length)];
            if (!f) continue;
            const done =
              s.kind === "withdraw"
                ? await actions.withdrawFeedback(browserOf(f.memberId).ctx, { tripId: trip.tripId, feedbackId: f.id })
                : await actions.liftFlag(organizer.ctx, {
                    tripId: trip.tripId,
                    feedbackId: f.id,
                    reason: "We decided",
                  });
            expect(done.ok).toBe(true);
            continue;
          }
          if (s.kind === "regenerate") {
            await actions.regenerateItinerary(organizer.ctx, { tripId: trip.tripId });
          } else if (s.kind === "redate") {
            shift += 7;
            const start = new Date(Date.UTC(2027, 4, 10 + shift)).toISOString().slice(0, 10);
            const end = new Date(Date.UTC(2027, 4, 13 + shift)).toISOString().slice(0, 10);
            expect((await actions.setTripDates(organizer.ctx, { tripId: trip.tripId, start, end })).ok).toBe(true);
            await actions.generateItinerary(organizer.ctx, { tripId: trip.tripId });
          } else if (s.kind === "restore") {
            await actions.restoreItinerary(organizer.ctx, {
              tripId: trip.tripId,
              version: 1 + (s.pick % before),
              liftFlags: s.confirm,
            });
          }
          await settleLocalRuns();
          if ((await currentItinerary({ tripId: trip.tripId }))?.version !== before) await check(s.kind !== "restore");
        }
      },
    ),
    { numRuns: 15, seed: 20261127 },
  );
  expect(seen.planned).toBeGreaterThan(10);
  expect(seen.versionsChecked).toBeGreaterThan(20);
  expect(seen.notesChecked).toBeGreaterThan(50);
}, 900_000);
