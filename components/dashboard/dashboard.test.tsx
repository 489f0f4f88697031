import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { aggregatePreferences, type GroupMember } from "@/lib/agents/aggregation";
import { anonymousMemberId } from "@/lib/schemas/group-profile";
import { emptyPreferences, MemberPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";
import { AvailabilityCalendar } from "./availability-calendar";
import { BudgetBars } from "./budget-bars";
import { VibeChips } from "./vibe-chips";

/**
 * What the dashboard's pictures say, rendered as a member's browser gets them, for groups
 * whose answers make the expected words easy to check by hand.
 */

function member(name: string, answers: Partial<MemberPreferencesInput>): GroupMember {
  return {
    id: name.toLowerCase(),
    name,
    preferences: MemberPreferences.parse({ ...emptyPreferences(), dates: { flexible: true, windows: [] }, ...answers }),
  };
}

const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const window = (start: string, end: string) => ({ flexible: false, windows: [{ start, end }] });

describe("the heat map", () => {
  // Ana Jun 1–3 and Jun 6–8; Ben Jun 2–7: everyone is free Jun 2–3 and Jun 6–7, never 3 days running.
  const group = [
    member("Ana", {
      dates: {
        flexible: false,
        windows: [
          { start: "2027-06-01", end: "2027-06-03" },
          { start: "2027-06-06", end: "2027-06-08" },
        ],
      },
      tripLength: { minDays: 3, maxDays: 3 },
    }),
    member("Ben", { dates: window("2027-06-02", "2027-06-07"), tripLength: { minDays: 3, maxDays: 3 } }),
  ];
  const profile = aggregatePreferences(group);
  const html = renderToStaticMarkup(
    <AvailabilityCalendar
      dates={profile.dates}
      respondentCount={2}
      members={profile.members}
      tripDays={profile.tripLength.windowDays}
      availability={group.map((m) => ({
        memberId: m.id,
        flexible: false,
        windows: m.preferences?.dates.windows ?? [],
      }))}
    />,
  );

  it("says when everyone is free on some days but never for the trip's length, and has no 'Everyone free' key then", () => {
    expect(profile.dates.overlapWindows).toEqual([]);
    expect(text(html)).toContain("Everyone can come on some days, but never 3 days in a row");
    expect(text(html)).not.toContain("Everyone free (solid outline)");
  });

  it("makes each day a button with one tab stop for the whole map, and says what tapping one does", () => {
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons.length).toBeGreaterThanOrEqual(8);
    expect(buttons.filter((b) => b.includes('tabindex="0"'))).toHaveLength(1);
    expect(text(html)).toContain("Tap or focus a day to see who can come.");
  });
});

describe("the vibe chips", () => {
  it("count against those who picked a vibe, as 'popular' does", () => {
    const profile = aggregatePreferences([
      member("Ana", { vibes: ["food"] }),
      member("Ben", { vibes: ["food", "city"] }),
      member("Cy", { vibes: [] }),
      member("Dee", { vibes: [] }),
    ]);
    const html = text(renderToStaticMarkup(<VibeChips vibes={profile.vibes} respondentCount={4} />));
    // city: 1 of the 2 who picked a vibe → popular (half or more of them), and the chip says so.
    expect(html).toContain("city · 1 of the 2 who picked a vibe, popular");
    expect(html).toContain("Popular: half or more of those who picked a vibe");
    expect(html).toContain("(2 answered without one)");
  });
});

describe("the budget bars a member sees", () => {
  it("show the others as 'Another member' and who set no budget as a count, never a name", () => {
    const profile = aggregatePreferences([
      member("Ana", { budget: { min: 900, max: 1700, hardLimit: false } }),
      member("Ben", { budget: { min: 1600, max: 2400, hardLimit: false } }),
      member("Chen", { budget: null }),
    ]);
    const budget = {
      ...profile.budget,
      ranges: profile.budget.ranges.map((r, i) =>
        r.memberId === "ana" ? r : { ...r, memberId: anonymousMemberId(i) },
      ),
      flexibleIds: [anonymousMemberId(9)],
      highestMinMemberId: null,
      lowestMaxMemberId: "ana",
    };
    const html = text(renderToStaticMarkup(<BudgetBars budget={budget} members={profile.members} />));
    expect(html).toContain("Another member: $1,600 to $2,400");
    expect(html).toContain("Flexible: 1 other member");
    expect(html).toContain("Budgets are private");
    expect(html).not.toContain("Ben");
    expect(html).not.toContain("Chen");
    expect(html).toContain("Ana");
  });
});
