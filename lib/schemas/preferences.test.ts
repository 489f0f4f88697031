import { describe, expect, it } from "vitest";
import { emptyPreferences, MAX_SUGGESTED_PLACE_LENGTH, MemberPreferences } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";

describe("a place you'd love to go", () => {
  it("is trimmed, and empty means none", () => {
    expect(MemberPreferences.parse(answers({ suggestedPlace: "  Lisbon  " })).suggestedPlace).toBe("Lisbon");
    expect(MemberPreferences.parse(answers({ suggestedPlace: "   " })).suggestedPlace).toBe("");
    expect(emptyPreferences().suggestedPlace).toBe("");
  });

  it("is at most 80 characters, with a message that says so", () => {
    expect(MAX_SUGGESTED_PLACE_LENGTH).toBe(80);
    expect(MemberPreferences.safeParse(answers({ suggestedPlace: "a".repeat(80) })).success).toBe(true);
    // Spaces around it don't count against the limit.
    expect(MemberPreferences.safeParse(answers({ suggestedPlace: ` ${"a".repeat(80)} ` })).success).toBe(true);
    const tooLong = MemberPreferences.safeParse(answers({ suggestedPlace: "a".repeat(81) }));
    expect(tooLong.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["suggestedPlace", "Keep it under 80 characters: just the place's name"],
    ]);
  });

  it("answers saved before the field existed still parse, with no suggestion", () => {
    const { suggestedPlace: _none, ...older } = MemberPreferences.parse(answers());
    expect("suggestedPlace" in older).toBe(false);
    const read = MemberPreferences.parse(JSON.parse(JSON.stringify(older)));
    expect(read.suggestedPlace).toBe("");
    expect(read).toEqual(MemberPreferences.parse(answers()));
  });
});
