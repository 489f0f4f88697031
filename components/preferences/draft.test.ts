import { describe, expect, it } from "vitest";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";
import { draftFrom, preferencesFrom } from "./draft";

describe("the preferences form's draft", () => {
  it("round-trips a suggested place: saved answers → form → saved answers", () => {
    const saved = MemberPreferences.parse(answers({ suggestedPlace: "Lisboa", origin: "Boston" }));
    const draft = draftFrom(saved);
    expect(draft.suggestedPlace).toBe("Lisboa");
    expect(MemberPreferences.parse(preferencesFrom(draft))).toEqual(saved);
  });

  it("keeps what the member typed, as typed, until the schema judges it", () => {
    const draft = { ...draftFrom(MemberPreferences.parse(answers())), suggestedPlace: `  ${"x".repeat(90)}` };
    // Too long is shown back with an error, never cut short.
    expect(preferencesFrom(draft).suggestedPlace).toBe(`  ${"x".repeat(90)}`);
    expect(MemberPreferences.safeParse(preferencesFrom(draft)).error?.issues.map((i) => i.path)).toEqual([
      ["suggestedPlace"],
    ]);
    expect(MemberPreferences.parse(preferencesFrom({ ...draft, suggestedPlace: " Bali " })).suggestedPlace).toBe(
      "Bali",
    );
  });
});
