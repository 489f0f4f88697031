import { describe, expect, it } from "vitest";
import { climateIn } from "@/lib/facts";
import { weatherAndPacking } from "@/lib/planning/finishing";

/** Researched facts hold only the months asked about: here June alone. */
const juneOnly = {
  name: "São Miguel",
  climate: [{ month: 6, highC: 22, lowC: 16, rainyDays: 7, humidity: 80 }],
};

describe("climate normals for a month the facts may not have", () => {
  it("finds a month by its own number, and says undefined for one it doesn't have", () => {
    expect(climateIn(juneOnly, 6)?.highC).toBe(22);
    expect(climateIn(juneOnly, 1)).toBeUndefined();
  });

  it("a June and July trip gets June's normals only: no line for July is made up", () => {
    const { weather } = weatherAndPacking(juneOnly, [6, 7], []);
    expect(weather.note).toBe(
      "São Miguel in June: highs around 22°C and lows around 16°C, about 7 rainy days, humidity around 80%. These are long-term averages, not a forecast.",
    );
    expect(weather.basis).toBe("Climate normals for June");
  });

  it("a July trip with no July normals says so instead of guessing", () => {
    const { weather } = weatherAndPacking(juneOnly, [7], []);
    expect(weather.note).toBe(
      "We have no climate normals for São Miguel in July, so check its weather before you pack.",
    );
  });
});
