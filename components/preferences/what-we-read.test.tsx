import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { memberConstraints, rulesOf } from "@/lib/constraints/member";
import { hardNosShown } from "@/lib/constraints/reading";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";
import { WhatWeRead } from "./what-we-read";

/** The five hard no's, every one of which the planner enforces. */
const HARD_NOS = ["no museums", "I hate museums", "no red-eye flights", "no hiking", "no beaches"];

function panel(hardNos: string[], dismissed: string[] = []): string {
  return renderToStaticMarkup(<WhatWeRead hardNos={hardNos} notes="" dismissed={dismissed} onChange={() => {}} />);
}

describe("what the planner reads from your words", () => {
  it("lists every hard no as the planner reads it, each with “Not what I meant”; words it can't read are said so", () => {
    const html = panel(HARD_NOS);
    expect(html).not.toContain("Nothing beyond the boxes you ticked");
    // "no museums" and "I hate museums" read as one rule (same meaning): three rules, three buttons.
    expect(html).toContain("No museums — we&#x27;ll keep museums out of the plan");
    expect(html).toContain("No hiking — we&#x27;ll keep hiking out of the plan");
    expect(html).toContain("No beaches — we&#x27;ll keep beaches out of the plan");
    expect(html.match(/Not what I meant: “/g)?.length).toBe(3);
    // "red-eye flights" isn't a rule the planner has: the member is told, not left to think it is applied.
    expect(html).toContain("Not read as a rule, so no plan can check it: “red-eye flights”");
  });

  it("says “nothing beyond the boxes” only when there is nothing", () => {
    expect(panel([])).toContain("Nothing beyond the boxes you ticked");
  });

  it("a hard no set aside is applied by no plan; kept, it is", () => {
    const { rules } = hardNosShown({ hardNos: ["no museums", "no hiking"] });
    const museums = rules.find((r) => r.label === "No museums");
    expect(museums).toBeDefined();
    const read = (dismissedReadings: string[]) =>
      rulesOf(
        memberConstraints({
          id: "m1",
          name: "Ana",
          preferences: MemberPreferences.parse(answers({ hardNos: ["no museums", "no hiking"], dismissedReadings })),
        }),
      ).map((r) => r.label);
    expect(read([])).toEqual(["no museums", "no hiking"]);
    expect(read([museums?.id ?? ""])).toEqual(["no hiking"]);
    // And the panel shows it struck through, with "Use it again".
    expect(panel(["no museums", "no hiking"], [museums?.id ?? ""])).toContain("Use “No museums” again");
  });
});
