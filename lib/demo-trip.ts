import { addDays } from "@/lib/dates";
import { emptyPreferences, type MemberPreferences } from "@/lib/schemas/preferences";

/**
 * The sample group behind "Try a demo trip": five friends whose answers show what the
 * dashboard is for — dates that almost line up (Chen is 2 days short of the best
 * window), a budget conflict with a hard limit (Sam), a vegetarian (Maya), a member who
 * eats gluten-free (Chen), a wheelchair user (Sam) and one who won't take long flights (Leo).
 * The places the demo is offered have restaurants that serve all of them at once, so its plans
 * seat the group for lunch and dinner (no place the group can reach confirms a nut-allergy option). Dates are placed a few months after `today` so the demo
 * never plans a trip in the past.
 */
export function demoMembers(today: Date): { name: string; preferences: MemberPreferences }[] {
  const anchor = firstOfMonthAtLeast(today, 75);
  const window = (from: number, to: number) => ({ start: addDays(anchor, from), end: addDays(anchor, to) });
  const base: MemberPreferences = {
    ...emptyPreferences(),
    tripLength: { minDays: 4, maxDays: 7 },
    pace: "balanced",
    accommodation: "midrange",
  };

  return [
    {
      name: "Maya",
      preferences: {
        ...base,
        dates: { flexible: false, windows: [window(9, 20)] },
        budget: { currency: "USD", minAmount: 90000, maxAmount: 170000, hardLimit: false },
        vibes: ["beach", "food", "culture"],
        dietary: ["vegetarian"],
        mustHaves: ["Cooking class"],
        origin: "Chicago",
        notes: "Anything with good veggie food makes me happy.",
      },
    },
    {
      name: "Sam",
      preferences: {
        ...base,
        dates: { flexible: false, windows: [window(12, 16), window(24, 28)] },
        tripLength: { minDays: 4, maxDays: 6 },
        budget: { currency: "USD", minAmount: 90000, maxAmount: 150000, hardLimit: true },
        vibes: ["culture", "food", "relaxation"],
        pace: "relaxed",
        accessibility: ["wheelchair"],
        hardNos: ["Nightclubs"],
        origin: "Chicago",
        notes: "I use a wheelchair, so step-free hotels and transport matter a lot.",
      },
    },
    {
      name: "Priya",
      preferences: {
        ...base,
        dates: { flexible: false, windows: [window(10, 18)] },
        tripLength: { minDays: 5, maxDays: 7 },
        budget: { currency: "USD", minAmount: 160000, maxAmount: 240000, hardLimit: false },
        vibes: ["beach", "food", "nightlife"],
        accommodation: "premium",
        mustHaves: ["A beach day"],
        origin: "New York",
        notes: "Would love somewhere warm.",
      },
    },
    {
      name: "Leo",
      preferences: {
        ...base,
        dates: { flexible: false, windows: [window(11, 19)] },
        budget: { currency: "USD", minAmount: 80000, maxAmount: 150000, hardLimit: false },
        vibes: ["nature", "food", "adventure"],
        pace: "packed",
        hardNos: ["Long flights"],
        origin: "Denver",
        notes: "",
      },
    },
    {
      name: "Chen",
      preferences: {
        ...base,
        dates: { flexible: false, windows: [window(14, 22)] },
        tripLength: { minDays: 3, maxDays: 7 },
        budget: null,
        vibes: ["food", "culture", "beach"],
        dietary: ["gluten-free"],
        origin: "Chicago",
        notes: "Budget is flexible for me.",
      },
    },
  ];
}

/** The first day of the first month that starts at least `minDaysAhead` days after `today`. */
function firstOfMonthAtLeast(today: Date, minDaysAhead: number): string {
  const earliest = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + minDaysAhead));
  const first = new Date(
    Date.UTC(earliest.getUTCFullYear(), earliest.getUTCMonth() + (earliest.getUTCDate() > 1 ? 1 : 0), 1),
  );
  return first.toISOString().slice(0, 10);
}
