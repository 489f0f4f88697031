import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  askRow,
  checkRow,
  EVAL_CATEGORIES,
  EVAL_ROWS,
  type EvalTrip,
  evalTrip,
  rowTitle,
} from "@/test/assistant-evals";
import { withTestDatabase } from "@/test/db";

withTestDatabase();

/** The assistant's evaluation set (test/assistant-evals.ts) on the offline model. */

let trip: EvalTrip & { restore(): void };
beforeAll(async () => {
  trip = await evalTrip();
});
afterAll(() => trip?.restore());

describe("the assistant's evaluation set (offline model)", () => {
  it("has at least 40 requests over every category", () => {
    expect(EVAL_ROWS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(EVAL_ROWS.map((e) => e.category))).toEqual(new Set(EVAL_CATEGORIES));
  });

  for (const i of EVAL_ROWS.keys()) {
    it(rowTitle(i), async () => {
      await checkRow(trip, i, await askRow(trip, i));
    });
  }
});
