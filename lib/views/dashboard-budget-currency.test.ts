import { expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { loadDashboard } from "@/lib/views/dashboard";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";

withTestDatabase();

/**
 * Olga needs at least $2,200 (up to $5,000); Kim can spend up to €2,000 and Ben up to ¥400,000.
 * At the shipped rates: €2,000 holds $2,318 (200000 × 1.15942029 = 231884 cents → $2,318) and
 * ¥400,000 holds $2,570 (400000 × 0.00642674 = $2,570.70 → $2,570). So the group's budgets meet
 * between $2,200 and $2,318 — read as $2,000 Kim's would not.
 */
it("budgets in three currencies meet in the group's range, and each member sees only their own currency", async () => {
  const trip = await newTrip();
  const kimBrowser = await trip.join("Kim");
  const benBrowser = await trip.join("Ben");
  for (const [who, budget] of [
    [trip.organizer, { min: "2200", max: "5000", currency: "USD", hardLimit: false }],
    [kimBrowser, { max: "€2000", hardLimit: false }],
    [benBrowser, { max: "¥400,000", hardLimit: false }],
  ] as const) {
    const saved = await actions.savePreferences(who.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ budget }),
    });
    if (!saved.ok) throw new Error(saved.message);
  }
  const kim = await requireMember(kimBrowser.ctx, trip.tripId);
  const kimView = await loadDashboard(kim);
  expect(kimView.profile.budget).toMatchObject({ status: "ok", low: 2200, high: 2318 });
  expect(kimView.conflicts.some((c) => c.kind === "budget")).toBe(false);
  // Kim's own range carries her euros; the others' are anonymous dollar ranges, no currency, no own amounts.
  const mine = kimView.profile.budget.ranges.find((r) => r.memberId === kim.member.id);
  expect(mine).toEqual({
    memberId: kim.member.id,
    min: 0,
    max: 2318,
    hardLimit: false,
    own: { currency: "EUR", min: 0, max: 200000 },
  });
  const others = kimView.profile.budget.ranges.filter((r) => r.memberId !== kim.member.id);
  expect(others.map((r) => r.own)).toEqual([undefined, undefined]);
  expect(JSON.stringify(kimView)).not.toMatch(/JPY|400000/);

  // The organizer sees who, with their own amounts.
  const olgaView = await loadDashboard(await requireMember(trip.organizer.ctx, trip.tripId));
  const ben = olgaView.members.find((m) => m.name === "Ben")?.id;
  expect(olgaView.profile.budget.ranges.find((r) => r.memberId === ben)).toMatchObject({
    max: 2570,
    own: { currency: "JPY", min: 0, max: 400000 },
  });
});
