import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { readBalancesFor } from "@/lib/actions/costs";
import { requireMember } from "@/lib/auth/guards";
import { listOptOuts, readTripCosts } from "@/lib/db/queries/costs";
import { latestTripEventId } from "@/lib/db/queries/trip-events";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { lisbonPlan } from "@/test/itinerary";

withTestDatabase();

/** The Lisbon plan (test/itinerary.ts) with a third member, Cy, who joins by the invite link. */
async function lisbonForThree() {
  const plan = await lisbonPlan();
  const { trip } = await requireMember(plan.organizer.ctx, plan.tripId);
  const cy = browser();
  const joined = await actions.joinTrip(cy.ctx, { inviteToken: trip.inviteToken, name: "Cy" });
  if (!joined.ok) throw new Error(joined.message);
  const idOf = async (b: typeof cy) => (await requireMember(b.ctx, plan.tripId)).member.id;
  return {
    ...plan,
    cy,
    ids: { organizer: await idOf(plan.organizer), member: await idOf(plan.member), cy: await idOf(cy) },
  };
}

const tickets = (tripId: string, amount: string) => ({
  tripId,
  description: "Belém Tower tickets",
  amount,
  currency: "USD",
  category: "activities",
  spentOn: "2027-05-12",
  split: { kind: "equal" },
  itemKey: "a:belem-tower",
});

describe("skipping a plan item", () => {
  it("a member who skips an item takes no part in an expense linked to it; counted in again, they do", async () => {
    const { tripId, organizer, member, cy, ids } = await lisbonForThree();
    const skip = await actions.optOutOfPlanItem(cy.ctx, { tripId, itemKey: "a:belem-tower", optedOut: true });
    expect(skip).toEqual({ ok: true, data: { itemKey: "a:belem-tower", optedOut: true } });
    expect(await listOptOuts({ tripId })).toEqual([{ memberId: ids.cy, itemKey: "a:belem-tower" }]);

    expect((await actions.addExpense(organizer.ctx, tickets(tripId, "33"))).ok).toBe(true);
    // $33 between the organizer and Member 0 (Cy skips it): $16.50 each. The organizer paid it all:
    // +33.00 − 16.50 = +16.50; Member 0 −16.50; Cy 0.
    const balances = async () =>
      Object.fromEntries(
        (await readBalancesFor(await requireMember(cy.ctx, tripId))).balances.map((b) => [b.memberId, b.balance]),
      );
    expect(await balances()).toEqual({ [ids.organizer]: 1650, [ids.member]: -1650, [ids.cy]: 0 });

    // Cy counts in again: the next linked expense, $30, splits three ways, $10 each; Member 0 paid it.
    expect((await actions.optOutOfPlanItem(cy.ctx, { tripId, itemKey: "a:belem-tower", optedOut: false })).ok).toBe(
      true,
    );
    expect((await actions.addExpense(member.ctx, tickets(tripId, "30"))).ok).toBe(true);
    // Organizer +16.50 − 10 = +6.50; Member 0 −16.50 + 30 − 10 = +3.50; Cy −10.
    expect(await balances()).toEqual({ [ids.organizer]: 650, [ids.member]: 350, [ids.cy]: -1000 });
  });

  it("an item the current plan doesn't have is refused with why, and nothing changes", async () => {
    const { tripId, cy } = await lisbonForThree();
    const before = { costs: await readTripCosts({ tripId }), last: await latestTripEventId({ tripId }) };
    const refused = await actions.optOutOfPlanItem(cy.ctx, { tripId, itemKey: "a:boat-tour", optedOut: true });
    expect(refused).toMatchObject({ ok: false, code: "invalid:costs" });
    expect(refused.ok ? "" : refused.message).toMatch(/isn't an item of the current plan/);
    expect({ costs: await readTripCosts({ tripId }), last: await latestTripEventId({ tripId }) }).toEqual(before);
    expect(await listOptOuts({ tripId })).toEqual([]);
  });
});
