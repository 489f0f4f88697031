import { describe, expect, it } from "vitest";
import type { MemberCost } from "@/lib/schemas/money";
import { uncheckedCapsText } from "./unchecked-caps";

/**
 * "Fits everyone's budget" is never claimed while a hard cap can't be checked. Ben has a hard
 * cap and no confirmed home (his travel is unknown, so his cap can't be checked); Cy is checked.
 */
const cost = (memberId: string, capUnverifiable: boolean) => ({ memberId, capUnverifiable }) as MemberCost;
const nameOf = (id: string) => ({ ben: "Ben", cy: "Cy", dee: "Dee" })[id] ?? "Someone";
const organizer = { memberId: "olga", isOrganizer: true };

describe("whose hard cap can't be checked", () => {
  it("the organizer reads who", () => {
    expect(uncheckedCapsText({ costs: [cost("ben", true), cost("cy", false)] }, organizer, nameOf)).toBe(
      "Ben's cap can't be checked until they confirm their home",
    );
    expect(uncheckedCapsText({ costs: [cost("ben", true), cost("dee", true)] }, organizer, nameOf)).toBe(
      "Ben and Dee's caps can't be checked until they confirm their home",
    );
  });

  it("Ben reads his own; Cy reads a count, never Ben's name", () => {
    const ben = { memberId: "ben", isOrganizer: false };
    expect(uncheckedCapsText({ costs: [cost("ben", true)], othersCapsUnchecked: 0 }, ben, nameOf)).toBe(
      "Your cap can't be checked until you confirm your home",
    );
    const cy = { memberId: "cy", isOrganizer: false };
    expect(uncheckedCapsText({ costs: [cost("cy", false)], othersCapsUnchecked: 1 }, cy, nameOf)).toBe(
      "1 member's cap can't be checked until they confirm their home",
    );
  });

  it("every cap checked: nothing to say, and the card may claim it fits everyone's budget", () => {
    expect(uncheckedCapsText({ costs: [cost("ben", false), cost("cy", false)] }, organizer, nameOf)).toBeNull();
    expect(
      uncheckedCapsText(
        { costs: [cost("cy", false)], othersCapsUnchecked: 0 },
        { memberId: "cy", isOrganizer: false },
        nameOf,
      ),
    ).toBeNull();
  });
});
