import "server-only";
import { z } from "zod";
import { readBalancesFor } from "@/lib/actions/costs";
import { tripAction } from "@/lib/actions/define";
import { TripId } from "@/lib/schemas/trip";
import { untrusted } from "./untrusted";

/**
 * The trip's costs as a reading tool: each member's balance and the fewest transfers that settle
 * the group, in minor units of the trip's currency (the group's figures: no one's budget).
 */
export const readCosts = tripAction({
  name: "readCosts",
  description:
    "The trip's costs: what was spent in all, each member's balance (paid − share; positive: owed money) and the fewest payments that settle up, in minor units of the trip's currency (cents).",
  access: "member",
  effect: "read",
  input: z.object({ tripId: TripId.describe("The trip (bound from the page, never chosen by the model).") }).strict(),
  async run({ caller }) {
    const summary = await readBalancesFor(caller);
    return {
      currency: summary.currency,
      total: summary.total,
      settled: summary.settled,
      balances: summary.balances.map((b) => ({ memberId: b.memberId, name: untrusted(b.name), balance: b.balance })),
      transfers: summary.transfers.map((t) => ({
        fromMemberId: t.fromMemberId,
        from: untrusted(t.fromName),
        toMemberId: t.toMemberId,
        to: untrusted(t.toName),
        amount: t.amount,
      })),
    };
  },
});
