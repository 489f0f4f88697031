import { describe, expect, it } from "vitest";
import type { Conflict } from "@/lib/schemas/group-profile";
import type { Opener } from "@/lib/schemas/recommendations";
import { conflictsCard } from "./summaries";

/**
 * The chip, the card's line, what it lists and its empty message come from one derivation.
 * Each case: what the card lists (conflict items + the "few places fit" item) by hand, and
 * the number the chip must show.
 */

const conflict = (kind: Conflict["kind"]): Conflict => ({
  kind,
  severity: "high",
  summary: `${kind} summary`,
  memberIds: [],
  suggestedResolutions: [],
});
const opener: Opener = { memberId: "ben", change: "hard-no", budget: null, rule: "no museums", opens: 16, slugs: [] };
const nameOf = (id: string) => (id === "ben" ? "Ben" : "Someone");

describe("the conflicts card, one derivation", () => {
  it("two conflicts and few places fit: three items listed, chip 3, no “no conflicts”", () => {
    // Lists: the changes that would open more places (1) + dates + budget (2) = 3.
    const card = conflictsCard({
      conflicts: [conflict("dates"), conflict("budget")],
      fewFit: { fit: 2, openers: [opener] },
      viewerId: "olga",
      nameOf,
    });
    expect(card).toMatchObject({ count: 3, chip: "Conflicts (3)", empty: null, listsFewFit: true });
    expect(card.summary).toBe(
      "Only 2 places fit everyone's must-haves (needs, hard no's and hard budget caps). The real blocker — If Ben let go of the hard no “no museums”: +16 places. Also 2 conflicts: dates and budget.",
    );
  });

  it("few places fit and no conflict: one item, chip 1, and never “No conflicts” under it", () => {
    const card = conflictsCard({ conflicts: [], fewFit: { fit: 2, openers: [] }, viewerId: "olga", nameOf });
    expect(card).toMatchObject({ count: 1, chip: "Conflicts (1)", empty: null, listsFewFit: true });
    expect(card.summary).toMatch(/^Only 2 places fit/);
    expect(card.summary).not.toMatch(/None|No conflicts/);
  });

  it("nothing at all: chip 0 is not shown by the page, and the card says the group agrees", () => {
    const card = conflictsCard({ conflicts: [], fewFit: null, viewerId: "olga", nameOf });
    expect(card).toMatchObject({ count: 0, empty: "No conflicts — the group agrees on everything so far" });
    expect(card.summary).toBe("None: the group agrees so far.");
  });

  it("one conflict: chip 1, the line names it", () => {
    const card = conflictsCard({ conflicts: [conflict("trip-length")], fewFit: null, viewerId: "olga", nameOf });
    expect(card).toMatchObject({ count: 1, chip: "Conflicts (1)", summary: "1 conflict: trip length.", empty: null });
  });
});
