import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { runTool } from "@/lib/assistant/registry";
import { requireMember } from "@/lib/auth/guards";
import { loadCostsView } from "@/lib/views/costs";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";

withTestDatabase();

/** A budget as a figure, not as digits inside an id or a timestamp. */
const asFigure = (amount: number) => new RegExp(`[^\\w-]${amount}[^\\w-]`);

describe("the Costs page's data, per viewer", () => {
  it("each member sees their own budget only; the organizer sees group totals, never a member's budget", async () => {
    const trip = await tripWithAnswers([
      { name: "Olga", answers: answers({ budget: { min: 500, max: 77123, hardLimit: false } }) },
      { name: "Ben", answers: answers({ budget: { min: 600, max: 91919, hardLimit: false } }) },
    ]);
    const cy = await trip.join("Cy");
    const olga = await requireMember(trip.organizer.ctx, trip.tripId);
    expect(
      (
        await actions.addExpense(trip.organizer.ctx, {
          tripId: trip.tripId,
          description: "Groceries",
          amount: "60",
          currency: "USD",
          category: "food",
          spentOn: "2027-06-11",
          split: { kind: "equal" },
        })
      ).ok,
    ).toBe(true);
    const organizerView = await loadCostsView(olga);
    // Her own ceiling, as stored: $77,123 in cents.
    expect(organizerView.board.mine.budget).toEqual({ amount: 7712300, currency: "USD" });
    // $60 among Olga, Ben and Cy: 20 each.
    expect(organizerView.board.mine.share).toBe(2000);
    expect(organizerView.group).toMatchObject({ expenses: 1, total: 6000 });
    for (const budget of [91919, 9191900]) expect(JSON.stringify(organizerView)).not.toMatch(asFigure(budget));

    const cyView = await loadCostsView(await requireMember(cy.ctx, trip.tripId));
    expect(cyView.board.mine.budget).toBeNull();
    expect(cyView.group).toBeNull();
    const cyText = JSON.stringify(cyView);
    for (const budget of [77123, 91919, 7712300, 9191900]) expect(cyText).not.toMatch(asFigure(budget));

    // The assistant's reading tool: the same balances, no budget.
    const read = await runTool("readCosts", {}, { ctx: cy.ctx, tripId: trip.tripId });
    expect(read).toMatchObject({ ok: true, data: { currency: "USD", total: 6000, settled: false } });
    for (const budget of [77123, 91919, 7712300, 9191900]) expect(JSON.stringify(read)).not.toMatch(asFigure(budget));
  });
});
