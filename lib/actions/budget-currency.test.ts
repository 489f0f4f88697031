import { describe, expect, it } from "vitest";
import { savePreferences } from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getPreferences } from "@/lib/db/queries/preferences";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";

withTestDatabase();

describe("a budget saved in the member's own currency", () => {
  it("'€2000' is kept as 200000 euro cents; bad amounts get an error on their field and change nothing", async () => {
    const trip = await newTrip();
    const { member } = await requireMember(trip.organizer.ctx, trip.tripId);
    const saved = await savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ budget: { max: "€2000", hardLimit: true } }),
    });
    expect(saved.ok).toBe(true);
    const stored = await getPreferences({ memberId: member.id });
    expect(stored?.data.budget).toEqual({ currency: "EUR", minAmount: 0, maxAmount: 200000, hardLimit: true });

    const refused: [unknown, string, string][] = [
      [{ max: "2500 XYZ", hardLimit: false }, "budget.max", "“XYZ” isn't a currency we know"],
      [{ max: "€-500", hardLimit: false }, "budget.max", "Can't be negative"],
      [{ min: -100, max: 500, hardLimit: false }, "budget.min", "Can't be negative"],
      // €2,000,000 ≈ $2,318,840 at 0.8625, over the $1,000,000 a budget may be.
      [{ max: "€2,000,000", hardLimit: false }, "budget.max", "That's over our limit"],
      // ISO 4217, but the shipped rate table can't convert it, so it couldn't be judged.
      [{ max: "2000", currency: "KRW", hardLimit: false }, "budget.currency", "We can't judge a budget in KRW"],
      [{ max: "2500 KRW", hardLimit: false }, "budget.max", "We can't judge a budget in KRW"],
      [{ min: "£500", max: "€2000", hardLimit: false }, "budget.min", "Give both amounts in one currency"],
      [{ max: "¥1000.5", hardLimit: false }, "budget.max", "JPY has no smaller unit"],
      [{ min: "€900", max: "€500", hardLimit: false }, "budget.max", "Max must be at least the min"],
      [{ hardLimit: false }, "budget.max", "Enter the most you want to spend"],
    ];
    for (const [budget, field, message] of refused) {
      const result = await savePreferences(trip.organizer.ctx, {
        tripId: trip.tripId,
        expectedVersion: 1,
        preferences: answers({ budget: budget as never }),
      });
      expect(result.ok, JSON.stringify(budget)).toBe(false);
      if (result.ok) continue;
      expect(result.code).toBe("invalid:input");
      expect(result.fieldErrors?.[`preferences.${field}`], JSON.stringify(budget)).toContain(message);
    }
    expect(await getPreferences({ memberId: member.id })).toEqual(stored);
  });

  it("a budget stored before currencies (whole US dollars) reads as US dollars", async () => {
    const trip = await newTrip();
    const { member } = await requireMember(trip.organizer.ctx, trip.tripId);
    const saved = await savePreferences(trip.organizer.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ budget: { min: 500, max: 1500, hardLimit: false } }),
    });
    expect(saved.ok).toBe(true);
    // $500 and $1,500 in cents.
    expect((await getPreferences({ memberId: member.id }))?.data.budget).toEqual({
      currency: "USD",
      minAmount: 50000,
      maxAmount: 150000,
      hardLimit: false,
    });
  });
});
