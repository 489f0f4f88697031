import { describe, expect, it } from "vitest";
import { factsFor } from "@/lib/facts";
import { memberCost } from "@/lib/money/ledger";
import { resolvePlace } from "@/lib/places/resolve";

const lisbon = factsFor("lisbon");
if (!lisbon) throw new Error("catalog entry missing");
const tokyo = resolvePlace("Tokyo");
if (tokyo.status !== "resolved") throw new Error("Tokyo did not resolve");

/** A member flying from Tokyo, with no budget limit. */
const member = {
  memberId: "m1",
  origin: { text: "Tokyo", place: tokyo.place, verified: true },
  accommodation: "midrange",
  budget: null,
} as never;

describe("a member's travel line when the facts have no fare from their region", () => {
  it("researched Lisbon with only European and eastern-US fares: the flight is not priced, and the line says so", () => {
    const researched = { ...lisbon, gettingThereUsd: { europe: 180, "us-east": 720 } };
    const cost = memberCost({
      facts: researched,
      member,
      nights: 4,
      activities: { usd: 100, basis: "5 days" },
      groupTier: "midrange",
    });
    const travel = cost.lines.find((l) => l.item === "travel");
    expect(travel).toEqual({
      item: "travel",
      label: "Round-trip flight",
      usd: 0,
      basis: "no typical round-trip fare known from Asia (not included in the total)",
    });
    expect(cost.total).toBe(lisbon.dailyCostUsd.midrange * 4 + 100);
  });

  it("catalog Lisbon from Tokyo: the Asian fare, as before", () => {
    const cost = memberCost({
      facts: lisbon,
      member,
      nights: 4,
      activities: { usd: 100, basis: "5 days" },
      groupTier: "midrange",
    });
    expect(cost.lines[0]?.usd).toBe(lisbon.gettingThereUsd.asia);
  });
});
