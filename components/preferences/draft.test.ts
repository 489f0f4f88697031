import { describe, expect, it } from "vitest";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";
import { draftFrom, preferencesFrom, unconfirmedHome } from "./draft";

const BOSTON = {
  id: "city:4930956",
  name: "Boston",
  label: "Boston, Massachusetts, United States",
  country: "United States",
  countryCode: "US",
  lat: 42.35843,
  lon: -71.05977,
};

describe("the preferences form's draft", () => {
  it("round-trips a suggested place: saved answers → form → saved answers", () => {
    const saved = MemberPreferences.parse(answers({ suggestedPlace: "Lisboa", origin: "Boston", originPlace: BOSTON }));
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

  it("a typed home is saved only once it is picked or left unknown on purpose", () => {
    const typed = { ...draftFrom(MemberPreferences.parse(answers())), origin: "Barcelona" };
    expect(unconfirmedHome(typed)).toBe(true);
    expect(unconfirmedHome({ ...typed, originUnknown: true })).toBe(false);
    expect(preferencesFrom({ ...typed, originUnknown: true }).originPlace).toBeNull();
    expect(unconfirmedHome({ ...typed, origin: "Boston", originPlace: BOSTON })).toBe(false);
    expect(unconfirmedHome({ ...typed, origin: "  " })).toBe(false);
    // Answers saved before homes were confirmed: the form asks again.
    expect(unconfirmedHome(draftFrom(MemberPreferences.parse(answers({ origin: "Barcelona" }))))).toBe(true);
  });
});
