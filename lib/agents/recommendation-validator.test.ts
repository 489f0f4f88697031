import { afterEach, describe, expect, it, vi } from "vitest";
import { slateOf } from "@/lib/agents/ranker";
import { recommendationValidator } from "@/lib/agents/recommendation-validator";
import type { PipelineState } from "@/lib/schemas/pipeline";
import type { DestinationOption } from "@/lib/schemas/recommendations";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { runPipeline, testDeps } from "@/test/pipeline";

withTestDatabase();
afterEach(() => vi.restoreAllMocks());

/**
 * The last gate before a pack is stored (the compliance validator agent). A real run
 * (offline model) gives it a slate of cards that all pass; then the planner is "broken"
 * the one way that matters here — Ben's hard cap is lowered to $1 under his own total on
 * the priciest card, and that card is made honest about it (how far over, who stretches)
 * so that breaking his hard cap is its only fault — and the gate must drop exactly that
 * card, keep the others in order, and refuse to show a slate it would cut below three.
 */

const BEN_BUDGET = { min: 500, max: 20_000, hardLimit: true };

async function stateBeforeTheGate(): Promise<Partial<PipelineState>> {
  const trip = await tripWithAnswers([
    {
      name: "Olga",
      answers: answers({ vibes: ["food", "culture"], budget: { min: 800, max: 9000, hardLimit: false } }),
    },
    // Budget stays already: a lower cap can't move him to a cheaper stay, so his figures stay the same.
    { name: "Ben", answers: answers({ vibes: ["food", "city"], accommodation: "budget", budget: BEN_BUDGET }) },
  ]);
  const invoke = vi.spyOn(recommendationValidator, "invoke");
  const run = await runPipeline(trip.tripId);
  expect(run.status).toBe("succeeded");
  const state = invoke.mock.calls[0]?.[0];
  if (!state) throw new Error("the run never reached the gate");
  vi.restoreAllMocks();
  return structuredClone(state);
}

type Gate = { slate: DestinationOption[]; benId: string; benTotal: (o: DestinationOption) => number };

function gateOf(state: Partial<PipelineState>): Gate {
  const ben = state.rawPreferences?.find((m) => m.name === "Ben");
  if (!ben) throw new Error("Ben is not in the run");
  const benTotal = (o: DestinationOption) => o.costs.find((c) => c.memberId === ben.id)?.total ?? Number.NaN;
  return { slate: slateOf(state as PipelineState), benId: ben.id, benTotal };
}

/** Ben's hard cap set to `cap` in the answers the gate reads; every card over it says so honestly. */
function withBenCap(state: Partial<PipelineState>, { benId, benTotal }: Gate, cap: number): Partial<PipelineState> {
  const next = structuredClone(state);
  for (const member of next.rawPreferences ?? []) {
    if (member.id === benId && member.preferences)
      member.preferences.budget = { currency: "USD", minAmount: 50000, maxAmount: cap * 100, hardLimit: true };
  }
  for (const card of Object.values(next.cards ?? {})) {
    const over = card ? benTotal(card) - cap : 0;
    if (!card || over <= 0) continue;
    card.costs = card.costs.map((c) => (c.memberId === benId ? { ...c, overBy: over } : c));
    card.impactedMemberIds = [...new Set([...card.impactedMemberIds, benId])];
    card.mode = "compromise";
  }
  return next;
}

async function gate(state: Partial<PipelineState>) {
  const { patch } = await recommendationValidator.invoke(state, testDeps(), { stepId: "validate", arg: undefined });
  return patch.recommendations;
}

describe("the final recommendations gate", () => {
  it("keeps a slate that passes whole, in order", async () => {
    const state = await stateBeforeTheGate();
    const { slate } = gateOf(state);
    expect(slate.length).toBeGreaterThanOrEqual(4);
    const stored = await gate(state);
    expect(stored.status).toBe("ready");
    expect(stored.status === "ready" && stored.options.map((o) => o.slug)).toEqual(slate.map((o) => o.slug));
  });

  it("drops the card over a member's hard cap — only that one — and keeps the rest in order", async () => {
    const state = await stateBeforeTheGate();
    const g = gateOf(state);
    const priciest = Math.max(...g.slate.map(g.benTotal));
    const cap = priciest - 1;
    const over = g.slate.filter((o) => g.benTotal(o) > cap).map((o) => o.slug);
    const within = g.slate.filter((o) => g.benTotal(o) <= cap).map((o) => o.slug);
    expect(over.length).toBeGreaterThanOrEqual(1);
    expect(within.length).toBeGreaterThanOrEqual(3);

    const stored = await gate(withBenCap(state, g, cap));
    expect(stored.status).toBe("ready");
    const kept = stored.status === "ready" ? stored.options.map((o) => o.slug) : [];
    expect(kept).toEqual(within);
    for (const slug of over) expect(kept).not.toContain(slug);
  });

  it("shows no options at all when fewer than three are left inside the cap", async () => {
    const state = await stateBeforeTheGate();
    const g = gateOf(state);
    const totals = g.slate.map(g.benTotal).sort((a, b) => a - b);
    // Under the third-cheapest card: at most two cards are left.
    const cap = (totals[2] as number) - 1;
    const stored = await gate(withBenCap(state, g, cap));
    expect(stored.status).toBe("needs_more_input");
    expect("options" in stored ? stored.options : []).toEqual([]);
  });
});
