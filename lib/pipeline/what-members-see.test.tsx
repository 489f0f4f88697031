import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DestinationCard } from "@/components/recommendations/card/destination-card";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { factsFor } from "@/lib/facts";
import { budgetView } from "@/lib/money/budget";
import type { MemberPreferencesInput } from "@/lib/schemas/preferences";
import type { DestinationOption, RecommendationsPack } from "@/lib/schemas/recommendations";
import { packForViewer } from "@/lib/views/recommendations";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline, storedOutcome } from "@/test/pipeline";

withTestDatabase();

/**
 * Issue-by-issue, from a member's side: what they typed in the form → what the cards
 * (rendered as each viewer sees them) must and must not say. The pipeline runs on the
 * offline model with "today" = 2026-11-21; every pack is also checked by the validator.
 */

type Answers = { name: string; answers: MemberPreferencesInput | null };

const JUNE = { flexible: false, windows: [{ start: "2027-06-14", end: "2027-06-18" }] };

async function plan(group: Answers[]) {
  const trip = await tripWithAnswers(group);
  const run = await runPipeline(trip.tripId);
  const outcome = await storedOutcome(trip.tripId, run.id);
  expect(outcome.violations).toEqual([]);
  const members = await listMembersWithPreferences({ tripId: trip.tripId });
  const id = (name: string) => members.find((m) => m.name === name)?.id ?? "";
  const pack = outcome.stored?.pack as RecommendationsPack;
  return { pack, id, members, options: pack.status === "ready" ? pack.options : [] };
}

type Member = Awaited<ReturnType<typeof listMembersWithPreferences>>[number];

/** The card's text as `viewerId` sees it (with the budgets the view gives them: their own, or all for the organizer). */
function cardText(
  pack: RecommendationsPack,
  option: DestinationOption,
  viewerId: string,
  isOrganizer: boolean,
  members: Member[],
) {
  const names = new Map(members.map((m) => [m.id, m.name]));
  const budgets = Object.fromEntries(
    members.filter((m) => isOrganizer || m.id === viewerId).map((m) => [m.id, budgetView(m.preferences?.budget)]),
  );
  const viewed = packForViewer(pack, { memberId: viewerId, isOrganizer });
  const shown = viewed.pack.options.find((o) => o.slug === option.slug) as DestinationOption;
  const html = renderToStaticMarkup(
    <DestinationCard
      option={shown}
      rank={1}
      nameOf={(id) => names.get(id) ?? "Someone"}
      actions={null}
      chosen={false}
      viewer={{ memberId: viewerId, isOrganizer }}
      budgets={budgets}
      othersStretched={viewed.othersStretched[option.slug] ?? 0}
    />,
  );
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
}

describe("1. every cost is the member's own", () => {
  it("a hard cap that fits from your own city keeps the place in; nobody else's fare is used", async () => {
    // NYC from Boston: $200 fare + 4 nights × $150 (budget) + 5 × $36 median ticket = $980. From LA it would be $1,160.
    const { pack, id, options } = await plan([
      {
        name: "Olga",
        answers: answers({
          dates: JUNE,
          tripLength: { minDays: 5, maxDays: 5 },
          scope: "domestic",
          vibes: ["city"],
          origin: "Boston",
          accommodation: "budget",
          budget: { min: 500, max: 1000, hardLimit: true },
        }),
      },
      {
        name: "Ben",
        answers: answers({
          dates: JUNE,
          tripLength: { minDays: 5, maxDays: 5 },
          scope: "domestic",
          vibes: ["city"],
          origin: "Los Angeles",
          accommodation: "midrange",
          budget: null,
        }),
      },
    ]);
    expect(pack.excluded.find((x) => x.slug === "new-york-city")).toBeUndefined();
    const nyc = options.find((o) => o.slug === "new-york-city");
    if (nyc) {
      const olga = nyc.costs.find((c) => c.memberId === id("Olga"));
      const ben = nyc.costs.find((c) => c.memberId === id("Ben"));
      expect(olga?.lines.find((l) => l.item === "travel")?.usd).toBe(200);
      expect(ben?.lines.find((l) => l.item === "travel")?.usd).toBe(380);
      expect(ben?.tier).toBe("midrange"); // no cap of his own: no needless cheaper tier
      expect(olga?.total).toBeLessThanOrEqual(1000);
    }
  });

  it("a member over their own budget is never told a card fits everyone's budget, and sees by how much", async () => {
    const { pack, id, members, options } = await plan([
      {
        name: "Olga",
        answers: answers({ dates: JUNE, origin: "Chicago", budget: { min: 100, max: 700, hardLimit: false } }),
      },
      {
        name: "Ben",
        answers: answers({ dates: JUNE, origin: "Chicago", budget: { min: 100, max: 9000, hardLimit: false } }),
      },
    ]);
    const over = options.filter((o) => o.impactedMemberIds.includes(id("Olga")));
    expect(over.length).toBeGreaterThan(0);
    for (const option of over) {
      const olgaSees = cardText(pack, option, id("Olga"), false, members);
      expect(olgaSees).not.toContain("Fits everyone's budget");
      expect(olgaSees).toContain("stretches your budget");
      const overBy = option.costs.find((c) => c.memberId === id("Olga"))?.overBy ?? 0;
      expect(olgaSees).toContain(`$${overBy.toLocaleString("en-US")} over the budget of $700`);
    }
  });

  it("the group's range never ends below anyone's own total", async () => {
    const { options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, origin: "Boston" }) },
      { name: "Ben", answers: answers({ dates: JUNE, origin: "Tokyo", accommodation: "premium" }) },
    ]);
    for (const o of options) {
      for (const c of o.costs) {
        expect(o.costPerPerson.high).toBeGreaterThanOrEqual(c.total);
        expect(o.costPerPerson.low).toBeLessThanOrEqual(c.total);
      }
    }
  });

  it("each member sees their own figures, the organizer everyone's, and nobody sees another member's total by name", async () => {
    const { pack, id, members, options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, origin: "Boston" }) },
      { name: "Ben", answers: answers({ dates: JUNE, origin: "Denver" }) },
    ]);
    const option = options[0] as DestinationOption;
    const olga = option.costs.find((c) => c.memberId === id("Olga"));
    const ben = option.costs.find((c) => c.memberId === id("Ben"));
    const benSees = cardText(pack, option, id("Ben"), false, members);
    expect(benSees).toContain(`You $${ben?.total.toLocaleString("en-US")}`);
    expect(packForViewer(pack, { memberId: id("Ben"), isOrganizer: false }).pack.options[0]?.costs).toHaveLength(1);
    expect(benSees).not.toMatch(/Olga \$[\d,]+/); // her name never stands next to a figure
    const organizerSees = cardText(pack, option, id("Olga"), true, members);
    expect(organizerSees).toContain("Ben");
    expect(organizerSees).toContain(`$${olga?.total.toLocaleString("en-US")}`);
  });
});

describe("2. dates agree with nights", () => {
  it("3–7 days and a shared 5-day window: a 5-day trip, 4 nights, Jun 14–18", async () => {
    const { pack, id, members, options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, tripLength: { minDays: 3, maxDays: 7 } }) },
      { name: "Ben", answers: answers({ dates: JUNE, tripLength: { minDays: 3, maxDays: 7 } }) },
    ]);
    expect(options.length).toBeGreaterThanOrEqual(3);
    for (const o of options) {
      expect(o.trip).toMatchObject({ days: 5, nights: 4, start: "2027-06-14", end: "2027-06-18", datesPending: false });
      const text = cardText(pack, o, id("Olga"), true, members);
      expect(text).toContain("Jun 14–18 · 5 days, 4 nights");
      expect(text).toContain("for 4 nights");
    }
  });

  it("a window that has already started is planned from tomorrow; one entirely past is never planned", async () => {
    const { options, pack } = await plan([
      {
        name: "Olga",
        answers: answers({ dates: { flexible: false, windows: [{ start: "2026-06-01", end: "2026-06-20" }] } }),
      },
      {
        name: "Ben",
        answers: answers({ dates: { flexible: false, windows: [{ start: "2026-06-01", end: "2026-06-20" }] } }),
      },
    ]);
    expect(pack.frame.window).toBeNull();
    for (const o of options) expect(o.trip.start).toBeNull();
  });
});

describe("3. hard no's are understood", () => {
  it.each([
    ["no beaches", (o: DestinationOption) => factsFor(o.slug)?.vibes.includes("beach")],
    ["keine Strände", (o: DestinationOption) => factsFor(o.slug)?.vibes.includes("beach")],
    ["no Europe", (o: DestinationOption) => factsFor(o.slug)?.continent === "EU"],
    ["not the USA", (o: DestinationOption) => o.countryCode === "US"],
    ["no flights over 6 hours", (o: DestinationOption) => (o.costs[0]?.travel.hours ?? 0) > 6],
  ])("%s: no card breaks it, and every place it rules out says it is this member's rule", async (hardNo, breaks) => {
    const { pack, id, options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, origin: "Boston", hardNos: [hardNo], budget: null }) },
      { name: "Ben", answers: answers({ dates: JUNE, origin: "Boston", budget: null }) },
    ]);
    expect(options.length).toBeGreaterThanOrEqual(3);
    for (const o of options) expect(breaks(o), o.slug).toBeFalsy();
    const ruledOut = pack.excluded.filter((x) => x.reasons.some((r) => r.memberId === id("Olga")));
    expect(ruledOut.length).toBeGreaterThan(0);
  });

  it("'nothing cold' is judged against the travel month: January rules out cold places, July doesn't", async () => {
    const january = { flexible: false, windows: [{ start: "2027-01-10", end: "2027-01-16" }] };
    const { options, pack } = await plan([
      {
        name: "Olga",
        answers: answers({ dates: january, hardNos: ["nothing cold"], budget: null, vibes: ["winter-sports"] }),
      },
    ]);
    for (const o of options) expect((factsFor(o.slug)?.climate[0]?.highC ?? 99) >= 12, o.slug).toBe(true);
    expect(pack.excluded.some((x) => x.slug === "banff" && x.reasons.some((r) => r.rule === "climate"))).toBe(true);
  });
});

describe("4. preferences stay preferences", () => {
  it("one member's vibes, or a group that agrees on them, rank options but never empty the slate", async () => {
    const { pack, options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, vibes: ["winter-sports"], budget: null }) },
      { name: "Ben", answers: answers({ dates: JUNE, vibes: ["winter-sports"], budget: null }) },
    ]);
    expect(pack.status).toBe("ready");
    expect(options.length).toBeGreaterThanOrEqual(3);
    expect(pack.excluded.every((x) => x.reasons.every((r) => r.rule !== "vibes"))).toBe(true);
  });
});

describe("5. home cities", () => {
  it("an unknown home city is flagged to that member and to the organizer, and their travel is left out", async () => {
    const { pack, id, members, options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, origin: "Boston" }) },
      { name: "Ben", answers: answers({ dates: JUNE, origin: "Qwertyville" }) },
    ]);
    expect(pack.unverifiedOriginIds).toEqual([id("Ben")]);
    const option = options[0] as DestinationOption;
    const ben = option.costs.find((c) => c.memberId === id("Ben"));
    expect(ben?.verified).toBe(false);
    // No fare from a region Ben didn't choose: no travel line at all, and his figures say so.
    expect(ben?.lines.map((l) => l.item)).toEqual(["stay", "activities"]);
    expect(cardText(pack, option, id("Ben"), false, members)).toContain(
      "Travel not included: your home isn't confirmed",
    );
    expect(cardText(pack, option, id("Olga"), true, members)).toContain(
      "Travel not included: Ben's home isn't confirmed",
    );
  });

  it("a hard cap with a home left unknown can't be checked, and the card says so to the member and the organizer", async () => {
    const { pack, id, members, options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, origin: "Boston" }) },
      {
        name: "Ben",
        answers: answers({
          dates: JUNE,
          origin: "Qwertyville",
          originPlace: null,
          budget: { min: 500, max: 6000, hardLimit: true },
        }),
      },
    ]);
    const option = options[0] as DestinationOption;
    expect(option.costs.find((c) => c.memberId === id("Ben"))?.capUnverifiable).toBe(true);
    expect(option.costs.find((c) => c.memberId === id("Olga"))?.capUnverifiable).toBe(false);
    expect(cardText(pack, option, id("Ben"), false, members)).toContain("Your hard cap can't be checked until it is.");
    expect(cardText(pack, option, id("Olga"), true, members)).toContain("Their hard cap can't be checked until it is.");
  });

  it("a member's home city is priced for them without a flight, and the card says so", async () => {
    const { pack, id, members, options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, origin: "Lisbon", vibes: ["food", "culture"], budget: null }) },
      { name: "Ben", answers: answers({ dates: JUNE, origin: "Madrid", vibes: ["food", "culture"], budget: null }) },
    ]);
    const lisbon = options.find((o) => o.slug === "lisbon");
    if (lisbon) {
      expect(lisbon.homeMemberIds).toEqual([id("Olga")]);
      expect(lisbon.costs.find((c) => c.memberId === id("Olga"))?.lines[0]).toMatchObject({ usd: 0 });
      expect(cardText(pack, lisbon, id("Olga"), false, members)).toContain("You live here: no travel to pay");
    }
    // Either way, nobody is priced a flight to where they live.
    for (const o of options) for (const c of o.costs) if (c.travel.mode === "home") expect(c.lines[0]?.usd).toBe(0);
  });
});

describe("8. what members wrote is read the right way round", () => {
  it("'anything but cold, I hate museums' is read at the level meant: no card leads with a museum or gallery, none claims the group wants culture, and none says she dislikes all culture", async () => {
    const { options } = await plan([
      {
        name: "Olga",
        answers: answers({ dates: JUNE, vibes: [], notes: "anything but cold, I hate museums", budget: null }),
      },
      { name: "Ben", answers: answers({ dates: JUNE, vibes: ["food"], budget: null }) },
    ]);
    expect(options.length).toBeGreaterThanOrEqual(3);
    for (const o of options) {
      expect(o.whyItFits.join(" ")).not.toMatch(/wants?[^.]*culture|Olga [^.]*culture/i);
      for (const h of o.highlights) {
        const activity = factsFor(o.slug)?.activities.find((a) => a.id === h.activityId);
        const kind = [...(activity?.keywords ?? []), ...(activity?.title.toLowerCase().split(/\W+/) ?? [])];
        expect(kind, `${o.slug}: ${h.title}`).not.toContain("museum");
        expect(kind, `${o.slug}: ${h.title}`).not.toContain("gallery");
      }
      for (const t of o.tradeoffs) {
        expect(t.summary).not.toMatch(/keen on culture/);
        if (/Olga isn't keen/.test(t.summary)) expect(t.summary).toContain("museums & galleries");
      }
    }
  });
});

describe("9. cards speak to this group", () => {
  it("spread across countries, members named in why it fits, and no sentence on two cards", async () => {
    const { options } = await plan([
      { name: "Olga", answers: answers({ dates: JUNE, vibes: ["food", "culture"], budget: null, origin: "London" }) },
      { name: "Ben", answers: answers({ dates: JUNE, vibes: ["food", "beach"], budget: null, origin: "London" }) },
      { name: "Cleo", answers: answers({ dates: JUNE, vibes: ["city", "nightlife"], budget: null, origin: "London" }) },
    ]);
    expect(options.length).toBeGreaterThanOrEqual(3);
    expect(new Set(options.map((o) => o.countryCode)).size).toBeGreaterThanOrEqual(2);
    const sentences = options.flatMap((o) => [...o.whyItFits, ...o.tradeoffs.map((t) => t.summary)]);
    expect(new Set(sentences).size).toBe(sentences.length);
    for (const o of options) expect(o.whyItFits.join(" ")).toMatch(/Olga|Ben|Cleo/);
  });

  it("the longest trip everyone accepts that the caps allow, and a reason when it is shorter", async () => {
    const long = { flexible: false, windows: [{ start: "2027-06-01", end: "2027-06-30" }] };
    const { options } = await plan([
      {
        name: "Olga",
        answers: answers({
          dates: long,
          tripLength: { minDays: 3, maxDays: 10 },
          budget: { min: 100, max: 1600, hardLimit: true },
          origin: "Boston",
        }),
      },
      {
        name: "Ben",
        answers: answers({ dates: long, tripLength: { minDays: 3, maxDays: 10 }, budget: null, origin: "Boston" }),
      },
    ]);
    expect(options.length).toBeGreaterThanOrEqual(3);
    for (const o of options) {
      if (o.trip.days < 10) expect(o.trip.lengthNote).toMatch(/hard budget cap/);
      else expect(o.trip.lengthNote).toBeNull();
    }
  });
});
