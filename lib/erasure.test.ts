import { describe, expect, it } from "vitest";
import { jsonWithoutMember } from "./erasure";

describe("erasing a member from a stored payload an older app wrote", () => {
  it("drops their id from arrays and every object naming them, at any depth; leaves everyone else's", () => {
    const before = {
      costs: [
        { memberId: "ben", total: 1531 },
        { memberId: "olga", total: 1381 },
      ],
      impactedMemberIds: ["ben", "olga"],
      options: [{ stretches: [{ memberId: "ben", overBy: 40 }], note: "ben" }],
      range: { low: 1380, high: 1540 },
    };
    expect(jsonWithoutMember(before, "ben")).toEqual({
      costs: [{ memberId: "olga", total: 1381 }],
      impactedMemberIds: ["olga"],
      // A plain string field that happens to read "ben" is not an id list: kept.
      options: [{ stretches: [], note: "ben" }],
      range: { low: 1380, high: 1540 },
    });
  });
});
