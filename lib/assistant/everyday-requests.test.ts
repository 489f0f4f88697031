import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getDb } from "@/lib/db/client";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { getPreferences } from "@/lib/db/queries/preferences";
import { contextEntries, feedbackItems, unmetRequests } from "@/lib/db/schema";
import type { Itinerary } from "@/lib/schemas/itinerary";
import { type Answer, ask, pendingApproval } from "@/test/assistant";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { keysOf, lisbonPlan } from "@/test/itinerary";

withTestDatabase();

/**
 * What people actually type on a trip page, asked of the offline assistant on the known
 * Lisbon plan (test/itinerary.ts `lisbonPlan`: Mon 10 – Fri 14 May 2027; the organizer from
 * Boston, $1,381; Member 0 from Chicago, $1,531) and on the demo trip (collecting answers:
 * Organizer, who hasn't answered, and Maya, Sam, Priya, Leo and Chen, who have).
 * Each request: the tools called in order (opening an area of tools is not a step), how the
 * turn ends, and the reply's key words, worked out by hand from those facts.
 */

const steps = (a: Answer) => a.tools.filter((t) => t.name !== "open_tools").map((t) => `${t.name}:${t.state}`);
const names = (a: Answer) => a.tools.filter((t) => t.name !== "open_tools").map((t) => t.name);
const status = (a: Answer) => a.tools.find((t) => t.name === "complete_task")?.input?.status;

async function demoTrip() {
  const organizer = browser();
  const demo = await actions.createDemoTrip(organizer.ctx, {});
  if (!demo.ok) throw new Error(demo.message);
  return { tripId: demo.data.tripId, organizer };
}

describe("everyday requests on the Lisbon plan", () => {
  it("what the trip costs me, and what would bring it under $1,500: the caller's own figures and the biggest paid items", async () => {
    const { tripId, organizer, member } = await lisbonPlan();

    const mine = await ask(organizer, tripId, "What does this trip cost me, and what would bring it under $1,500?");
    expect(names(mine)).toEqual(["readMyAnswers", "readPlan", "complete_task"]);
    expect(status(mine)).toBe("success");
    // Boston: $700 flight + 4 nights × $150 + $81 of activities = $1,381; $1,500 − $1,381 = $119 to spare.
    for (const words of ["$1,381", "$700", "$600", "$81", "already within $1,500, by $119"]) {
      expect(mine.text).toContain(words);
    }

    const theirs = await ask(member, tripId, "What does this trip cost me, and what would bring it under $1,500?");
    expect(names(theirs)).toEqual(["readMyAnswers", "readPlan", "complete_task"]);
    // Chicago: $850 + $600 + $81 = $1,531, $31 over. The paid items by price: Jerónimos $20, the
    // rooftop drinks $15, then $11, $11, $9, $7, $6, $2: $20 alone is short of $31, $20 + $15 = $35 covers
    // it, leaving $1,531 − $35 = $1,496. The stay is midrange, so a cheaper stay is offered too.
    expect(theirs.text).toContain("This trip costs you $1,531");
    expect(theirs.text).toContain("$850");
    expect(theirs.text).toContain("come down by $31");
    expect(theirs.text).toMatch(
      /Leaving out Jerónimos Monastery \(\$20\) and Sunset drinks at [^(]+\(\$15\) would save \$35, bringing it to \$1,496/,
    );
    expect(theirs.text).toContain("midrange");
    // Only the caller's own figures: never the organizer's.
    expect(theirs.text).not.toContain("$1,381");

    const plainly = await ask(member, tripId, "what does this trip cost me?");
    expect(names(plainly)).toEqual(["readMyAnswers", "complete_task"]);
    expect(plainly.text).toMatch(/^This trip costs you \$1,531: travel \$850 .* and activities \$81 /);
  });

  it("one day of the plan, by its number or its weekday; a weekday the trip doesn't have gets a question", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const plan = (await currentItinerary({ tripId }))?.itinerary as Itinerary;

    for (const asked of ["What's on day 2?", "What's on day 2 of the itinerary?"]) {
      const day2 = await ask(organizer, tripId, asked);
      expect(steps(day2)).toEqual(["readPlan:output-available", "complete_task:output-available"]);
      // Day 2 (Tue 11 May): the flea market at 09:00, the tile museum at 13:30, the ginjinha; nothing of other days.
      expect(day2.text).toMatch(/^Day 2 \(Tue May 11\)/);
      for (const words of ["09:00 Feira da Ladra flea market", "13:30 National Azulejo Museum", "Ginjinha"]) {
        expect(day2.text).toContain(words);
      }
      for (const other of ["LX Factory", "Belém Tower", "Jerónimos"]) expect(day2.text).not.toContain(other);
      // Its meals, as the plan has them.
      for (const meal of plan.days[1]?.meals ?? [])
        expect(day2.text).toContain(`${meal.time} ${meal.meal}: ${meal.name}`);
    }

    // 10 May 2027 is a Monday, so Thursday is 13 May: day 4 (Jerónimos, the coach museum).
    const thursday = await ask(organizer, tripId, "What are we doing on Thursday?");
    expect(thursday.text).toMatch(/^Day 4 \(Thu May 13\)/);
    expect(thursday.text).toContain("09:30 Jerónimos Monastery");
    expect(thursday.text).toContain("National Coach Museum");
    expect(thursday.text).not.toContain("Feira da Ladra");

    // Monday to Friday: no Sunday.
    const sunday = await ask(organizer, tripId, "What's on Sunday?");
    expect(steps(sunday)).toEqual(["readPlan:output-available", "ask_clarification:input-available"]);
    expect(sunday.tools[1]?.input).toMatchObject({
      missing: "the day",
      question: expect.stringContaining("no Sunday"),
    });
  });

  it("dinner on day 1, and whether it's vegetarian: that day's dinner, and honestly that the plan doesn't list diets", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const day1 = (await currentItinerary({ tripId }))?.itinerary.days[0];
    const dinner = day1?.meals.find((m) => m.meal === "dinner");
    expect(dinner).toBeDefined();
    const answer = await ask(organizer, tripId, "Is there anything vegetarian for dinner on day 1?");
    expect(steps(answer)).toEqual(["readPlan:output-available", "complete_task:output-available"]);
    expect(answer.text).toContain(`${dinner?.time} dinner: ${dinner?.name} (${dinner?.cuisine})`);
    expect(answer.text).toContain("not the diets each place serves");
    // Only dinner, and only day 1: no lunch line, none of day 1's activities listed.
    expect(answer.text).not.toMatch(/lunch:/);
    expect(answer.text).not.toContain("13:30 LX Factory");

    // Day 2 has a lunch and a dinner: asked for dinner, only the dinner.
    const day2 = (await currentItinerary({ tripId }))?.itinerary.days[1];
    const [lunch2, dinner2] = ["lunch", "dinner"].map((meal) => day2?.meals.find((m) => m.meal === meal));
    expect(lunch2 && dinner2).toBeDefined();
    const dinnerOnly = await ask(organizer, tripId, "What's for dinner on day 2?");
    expect(dinnerOnly.text).toContain(`${dinner2?.time} dinner: ${dinner2?.name}`);
    expect(dinnerOnly.text).not.toContain(String(lunch2?.name));
  });

  it("move an item to Thursday afternoon: the move tool on day 4, read back; an item that isn't there gets a question", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const none = await ask(organizer, tripId, "Move the Alfama walk to Thursday afternoon");
    expect(steps(none)).toEqual(["readPlan:output-available", "ask_clarification:input-available"]);
    expect(none.tools[1]?.input).toMatchObject({ missing: "the item" });

    const moved = await ask(organizer, tripId, "Move the Belem tower to Thursday afternoon");
    expect(names(moved)).toEqual(["readPlan", "moveItineraryItem", "readPlan", "complete_task"]);
    // Thursday 13 May is day 4.
    expect(moved.tools[1]?.input).toEqual({ version: 1, itemKey: "a:belem-tower", day: 4, slot: "afternoon" });
    expect(status(moved)).toBe("success");
    const v2 = await currentItinerary({ tripId });
    expect(v2?.version).toBe(2);
    expect(keysOf(v2?.itinerary as Itinerary)[3]).toContain("a:belem-tower");
    expect(keysOf(v2?.itinerary as Itinerary)[2]).not.toContain("a:belem-tower");
    expect(moved.text).toMatch(/^Moved Belém Tower to day 4 \(afternoon, from \d\d:\d\d\)\.$/);
  });

  it("add a visit to a museum on day 3: a suggestion from a member, the activity itself from the organizer; never an agreed entry", async () => {
    const { tripId, organizer, member } = await lisbonPlan();
    const suggested = await ask(member, tripId, "Add a visit to the Gulbenkian museum on day 3");
    expect(names(suggested)).toEqual(["readPlan", "suggestAddition", "readPlan", "complete_task"]);
    // The catalog's Calouste Gulbenkian Museum (id gulbenkian-museum) is not in the plan: suggested as that activity.
    expect(suggested.tools[1]?.input).toMatchObject({
      version: 1,
      activityId: "gulbenkian-museum",
      text: "Add a visit to the Gulbenkian museum on day 3",
    });
    expect(suggested.text).toMatch(/^Suggested Calouste Gulbenkian Museum for the plan\./);
    const db = await getDb();
    const rows = await db.select().from(feedbackItems).where(eq(feedbackItems.tripId, tripId));
    expect(rows.map((r) => [r.kind, r.suggestedActivityId])).toEqual([["suggestion", "gulbenkian-museum"]]);

    // The organizer adds it: with no time of day given, a question offering the free parts of day 3 (only the evening:
    // the tower has the morning, the bridge the afternoon).
    const when = await ask(organizer, tripId, "Add a visit to the Gulbenkian museum on day 3");
    expect(steps(when)).toEqual(["readPlan:output-available", "ask_clarification:input-available"]);
    expect(when.tools[1]?.input).toMatchObject({
      missing: "the time of day",
      choices: ["Add the Calouste Gulbenkian Museum on day 3 evening"],
    });
    // The evening is refused by the edit itself (the museum closes at 18:00): said in its words, nothing changes.
    const evening = await ask(organizer, tripId, "Add the Gulbenkian museum on day 3 evening");
    expect(names(evening)).toEqual(["readPlan", "addItineraryActivity", "complete_task"]);
    expect(status(evening)).toBe("partial");
    expect(evening.text).toMatch(/^That didn't work: .*18:00.* Nothing else changed\.$/);
    expect((await currentItinerary({ tripId }))?.version).toBe(1);
    // With the tower moved to Thursday, day 3's morning is free: added there, a new version.
    await ask(organizer, tripId, "Move the Belem tower to Thursday afternoon");
    const added = await ask(organizer, tripId, "Add the Gulbenkian museum on day 3 morning");
    expect(names(added)).toEqual(["readPlan", "addItineraryActivity", "readPlan", "complete_task"]);
    expect(added.tools[1]?.input).toEqual({ version: 2, activityId: "gulbenkian-museum", day: 3, slot: "morning" });
    expect(keysOf((await currentItinerary({ tripId }))?.itinerary as Itinerary)[2]).toContain("a:gulbenkian-museum");
    expect(added.text).toMatch(/^Added Calouste Gulbenkian Museum to day 3 \(morning, from \d\d:\d\d\)\.$/);

    expect(await db.select().from(contextEntries).where(eq(contextEntries.tripId, tripId))).toEqual([]);
  });

  it("swap day 1 and day 2: said plainly, moving items offered, noted as an unmet request; the plan is unchanged", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const answer = await ask(organizer, tripId, "Swap day 1 and day 2");
    expect(steps(answer)).toEqual(["record_unmet_request:output-available", "complete_task:output-available"]);
    expect(status(answer)).toBe("blocked");
    expect(answer.text).toContain("I can't swap whole days");
    expect(answer.text).toContain("move items one at a time");
    const db = await getDb();
    const noted = await db
      .select()
      .from(unmetRequests)
      .where(and(eq(unmetRequests.tripId, tripId), eq(unmetRequests.category, "other")));
    expect(noted.map((n) => n.summary)).toEqual(["Swap day 1 and day 2"]);
    expect((await currentItinerary({ tripId }))?.version).toBe(1);
  });

  it("a member flags an item with why, says a diet for their answers (approval card), and the group sees what they wrote", async () => {
    const { tripId, organizer, member } = await lisbonPlan();
    const flagged = await ask(member, tripId, "flag the LX Factory, it's not accessible for me");
    expect(names(flagged)).toEqual(["readPlan", "flagItineraryItem", "readPlan", "complete_task"]);
    expect(flagged.tools[1]?.input).toEqual({
      version: 1,
      itemKey: "a:lx-factory",
      reason: "not-accessible",
      note: "It's not accessible for me",
    });
    expect(flagged.text).toMatch(/^Flagged LX Factory \(not accessible for you\)/);

    // The organizer asks what the member said: their flag, as the plan page shows it.
    const said = await ask(organizer, tripId, "What did Member 0 say?");
    expect(names(said)).toEqual(["readPlan", "complete_task"]);
    expect(said.text).toContain("Flagged LX Factory (not-accessible)");
    expect(said.text).toContain("It's not accessible for me");
    // Never their answers: Member 0's home and budget stay theirs.
    for (const secret of ["Chicago", "$1,531", "3,000"]) expect(said.text).not.toContain(secret);

    const diet = await ask(member, tripId, "I can't eat nuts");
    expect(steps(diet)).toEqual(["readMyAnswers:output-available", "savePreferences:approval-requested"]);
    const card = pendingApproval(diet);
    // The card says the change in words, never field names or JSON.
    expect(card?.reason).toBe("Add nut allergy to your diets.");
    const saved = await ask(member, tripId, { approval: { id: card?.id ?? "", approved: true } });
    expect(names(saved)).toEqual(["readMyAnswers", "savePreferences", "readMyAnswers", "complete_task"]);
    expect(saved.text).toContain("your diet in your answers is now nut allergy.");
    const { member: me } = await requireMember(member.ctx, tripId);
    const stored = await getPreferences({ memberId: me.id });
    expect(stored?.data.dietary).toEqual(["nut-allergy"]);
    // Everything else as it was (from Chicago, hearing access).
    expect(stored?.data.origin).toBe("Chicago");
    expect(stored?.data.accessibility).toEqual(["hearing"]);
  });

  it("who is coming, how many days and when we leave, from the trip as the caller sees it", async () => {
    const { tripId, organizer, member } = await lisbonPlan();
    for (const [who, asked] of [
      [organizer, "Who is coming?"],
      [member, "Who's in the group?"],
    ] as const) {
      const answer = await ask(who, tripId, asked);
      expect(steps(answer)).toEqual(["readTrip:output-available", "complete_task:output-available"]);
      expect(answer.text).toBe("2 people are in the trip: Organizer (organizer) and Member 0. Everyone has answered.");
    }
    // 10–14 May 2027, both days counted: 5 days, Monday to Friday.
    const days = await ask(organizer, tripId, "How many days is the trip?");
    expect(days.text).toBe("The trip is 5 days: Monday May 10 to Friday May 14, 2027.");
    const leave = await ask(member, tripId, "When do we leave?");
    expect(steps(leave)).toEqual(["readTrip:output-available", "complete_task:output-available"]);
    expect(leave.text).toContain("Monday May 10");

    const where = await ask(member, tripId, "Where are we going?");
    expect(steps(where)).toEqual(["readTrip:output-available", "complete_task:output-available"]);
    expect(where.text).toBe("The trip is to Lisbon.");
    // The plan's own packing list and weather note (the climate of May), nothing looked up live.
    const stored = (await currentItinerary({ tripId }))?.itinerary;
    const pack = await ask(organizer, tripId, "What should I pack?");
    expect(steps(pack)).toEqual(["readPlan:output-available", "complete_task:output-available"]);
    expect(pack.text).toContain(`Weather: ${stored?.weather.note}`);
    expect(pack.text).toContain(`Packing list: ${stored?.packingList.join("; ")}.`);

    // Member 0's budget is $500–$3,000 and the trip costs them $1,531: within it.
    const budget = await ask(member, tripId, "Am I over budget?");
    expect(names(budget)).toEqual(["readMyAnswers", "complete_task"]);
    expect(budget.text).toContain("This trip costs you $1,531");
    expect(budget.text).toContain("within your own budget's max ($3,000)");
  });
});

describe("everyday requests on the demo trip", () => {
  it("hello, thanks and what can you do: a short friendly reply, no question card", async () => {
    const { tripId, organizer } = await demoTrip();
    for (const [said, reply] of [
      ["hi", /^Hi! I can tell you/],
      ["hello", /^Hi! I can tell you/],
      ["Thanks!", /^You're welcome!/],
      ["thank you", /^You're welcome!/],
      ["what can you do?", /^I can tell you where the trip stands/],
      ["Thanks, that's great", /^You're welcome!/],
      ["ok", /^Okay!/],
      ["bye", /^Bye!/],
    ] as const) {
      const answer = await ask(organizer, tripId, said);
      expect(steps(answer), said).toEqual(["complete_task:output-available"]);
      expect(status(answer)).toBe("success");
      expect(answer.text).toMatch(reply);
    }
  });

  it("who is coming, dates not set yet, a day of a plan not made yet, a vote with nothing to vote on, what Sam said", async () => {
    const { tripId, organizer } = await demoTrip();
    const who = await ask(organizer, tripId, "Who is coming?");
    expect(steps(who)).toEqual(["readTrip:output-available", "complete_task:output-available"]);
    // The demo's group: the organizer (not answered yet) and five who answered.
    expect(who.text).toMatch(/^6 people are in the trip: /);
    for (const name of ["Organizer (organizer)", "Maya", "Sam", "Priya", "Leo", "Chen"])
      expect(who.text).toContain(name);
    expect(who.text).toContain("Still to answer: Organizer.");

    const when = await ask(organizer, tripId, "When do we leave?");
    expect(when.text).toContain("The dates aren't set yet");

    const day = await ask(organizer, tripId, "What's on day 2?");
    expect(steps(day)).toEqual(["readPlan:output-available", "complete_task:output-available"]);
    expect(day.text).toContain("There's no plan yet");

    const vote = await ask(organizer, tripId, "vote for Lisbon");
    expect(names(vote)).toEqual(["readRecommendations", "complete_task"]);
    expect(status(vote)).toBe("blocked");
    expect(vote.text).toContain("no destination ideas to vote on yet");

    const sam = await ask(organizer, tripId, "What did Sam say?");
    expect(names(sam)).toEqual(["readPlan", "complete_task"]);
    expect(sam.text).toContain("Sam has no open flags or suggestions on the plan");
    expect(sam.text).toContain("I can't show them");
    expect(sam.text).not.toMatch(/\$\d/);
  });
});
