import { describe, expect, it } from "vitest";
import { joinAnd, plural } from "@/lib/format";

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
});
