import { describe, expect, it } from "vitest";
import { openerText } from "@/components/recommendations/openers";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { RecommendationsPack } from "@/lib/schemas/recommendations";
import { packForViewer } from "@/lib/views/recommendations";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline, storedOutcome } from "@/test/pipeline";

withTestDatabase();

/**
 * Ana (no needs) and Ben (from Miami, low vision, the US only, "no New Orleans"). The only
 * US places that serve low vision are Chicago, New Orleans and New York (read off the
 * catalog by hand), so two fit everyone: the group sees both cards, said to be the only
 * ones, not an empty hand. The change that opens the most: Ben going abroad opens the five
 * places abroad that serve low vision (Barcelona, Edinburgh, Lisbon, Paris, Rome); letting
 * go of his hard no opens New Orleans.
 */
describe("when fewer than three places fit everyone", () => {
  it("shows the two that fit, labelled, and the real blocker first — whose only to the organizer and Ben, counts to Cleo", async () => {
    const trip = await tripWithAnswers([
      { name: "Ana", answers: answers({ vibes: ["food", "city"], origin: "Miami", budget: null }) },
      {
        name: "Ben",
        answers: answers({
          vibes: ["food", "city"],
          origin: "Miami",
          budget: null,
          accessibility: ["low-vision"],
          scope: "domestic",
          hardNos: ["no New Orleans"],
        }),
      },
      { name: "Cleo", answers: answers({ vibes: ["food"], origin: "Miami", budget: null }) },
    ]);
    const run = await runPipeline(trip.tripId);
    expect(run.status).toBe("succeeded");
    const { stored, violations } = await storedOutcome(trip.tripId, run.id);
    expect(violations).toEqual([]);
    const pack = RecommendationsPack.parse(stored?.pack);
    if (pack.status !== "ready") throw new Error(`expected the cards that fit, got ${pack.status}`);
    expect(pack.onlyFit).toBe(2);
    expect(pack.options.map((o) => o.slug).sort()).toEqual(["chicago", "new-york-city"]);

    const members = await listMembersWithPreferences({ tripId: trip.tripId });
    const id = (name: string) => members.find((m) => m.name === name)?.id ?? "";
    const nameOf = (memberId: string) => members.find((m) => m.id === memberId)?.name ?? "Someone";
    expect(pack.openers.map((o) => ({ who: nameOf(o.memberId ?? ""), change: o.change, opens: o.opens }))).toEqual([
      { who: "Ben", change: "scope", opens: 5 },
      { who: "Ben", change: "hard-no", opens: 1 },
    ]);
    expect(pack.openers[0]?.slugs).toEqual(["barcelona", "edinburgh", "lisbon", "paris", "rome"]);

    const texts = (viewer: string, isOrganizer: boolean) =>
      (packForViewer(pack, { memberId: id(viewer), isOrganizer }).pack.openers ?? []).map((o) =>
        openerText(o, id(viewer), nameOf),
      );
    // Ana organizes: she sees who, and which hard no in our words.
    expect(texts("Ana", true)).toEqual([
      "If Ben didn't mind home or abroad: +5 places",
      "If Ben let go of the hard no “not New Orleans”: +1 place",
    ]);
    // Ben sees his own changes.
    expect(texts("Ben", false)).toEqual([
      "If you didn't mind home or abroad: +5 places",
      "If you let go of your hard no “not New Orleans”: +1 place",
    ]);
    // Cleo sees what kind of change opens how many places: never whose, nor the hard no.
    expect(texts("Cleo", false)).toEqual([
      "If someone didn't mind home or abroad: +5 places",
      "If someone let go of a hard no: +1 place",
    ]);
  });
});
