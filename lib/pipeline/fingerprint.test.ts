import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { preferencesFingerprint } from "@/lib/pipeline/fingerprint";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";

describe("the answers' fingerprint", () => {
  it("is what it was before the suggested-place question, for answers without a suggestion", () => {
    const saved = MemberPreferences.parse(answers({ origin: "Boston" }));
    const { suggestedPlace: _none, ...rest } = saved;
    // How the fingerprint was computed when answers had no such field, and budgets were whole dollars
    // ({ min, max, hardLimit }; the fixture's budget is USD, stored in cents).
    const b = rest.budget;
    const older = { ...rest, budget: b && { min: b.minAmount / 100, max: b.maxAmount / 100, hardLimit: b.hardLimit } };
    const before = createHash("sha256")
      .update(JSON.stringify([["ana", older]]))
      .digest("hex")
      .slice(0, 32);
    expect(preferencesFingerprint([{ id: "ana", preferences: saved }])).toBe(before);
  });

  it("changes when a member suggests a place", () => {
    const saved = MemberPreferences.parse(answers());
    const suggested = MemberPreferences.parse(answers({ suggestedPlace: "Lisbon" }));
    expect(preferencesFingerprint([{ id: "ana", preferences: suggested }])).not.toBe(
      preferencesFingerprint([{ id: "ana", preferences: saved }]),
    );
  });
});
