import { describe, expect, it } from "vitest";
import { clipToSentences, joinAnd, plural } from "@/lib/format";

describe("wording", () => {
  it("joins names like a sentence", () => {
    expect(joinAnd(["Ana"])).toBe("Ana");
    expect(joinAnd(["Ana", "Ben"])).toBe("Ana and Ben");
    expect(joinAnd(["Ana", "Ben", "Cy"])).toBe("Ana, Ben and Cy");
  });

  it("counts with the right noun form", () => {
    expect(plural(1, "day")).toBe("1 day");
    expect(plural(2, "day")).toBe("2 days");
    expect(plural(3, "person", "people")).toBe("3 people");
  });

  it("clips a text at the end of a sentence, never mid-word", () => {
    const text = "Mild in May. Book lunch ahead! Buses are slow (take a car.) The end";
    expect(clipToSentences(text, 100)).toBe(text);
    // "Mild in May." is 12 characters; "Book lunch ahead!" ends at 30.
    expect(clipToSentences(text, 29)).toBe("Mild in May.");
    expect(clipToSentences(text, 30)).toBe("Mild in May. Book lunch ahead!");
    // A sentence closed inside brackets ends after the bracket (59 characters).
    expect(clipToSentences(text, 60)).toBe("Mild in May. Book lunch ahead! Buses are slow (take a car.)");
    // Not even the first sentence fits: nothing, rather than half a sentence.
    expect(clipToSentences(text, 10)).toBe("");
    // A decimal point is not a sentence end.
    expect(clipToSentences("Highs near 19.5°C. Lows near 14°C.", 20)).toBe("Highs near 19.5°C.");
  });
});
