import { formatDay, formatRange, formatUsd, joinAnd, plural } from "@/lib/format";
import { formatBudget, overByOwn } from "@/lib/money/budget";
import { findItems, WEEKDAYS } from "./assistant-itinerary";
import {
  answersToEdit,
  type Clarify,
  dataOf,
  failure,
  isOk,
  listOf,
  type Plan,
  plain,
  type Results,
  sentence,
} from "./assistant-plan";

/**
 * The offline assistant's everyday requests on a trip page: hello and thanks, who is
 * coming, the trip's dates, one day of the plan (by number or weekday), what the trip costs
 * me (and what would bring it under an amount), suggesting an addition (or, for the
 * organizer, adding it), a diet of mine for my answers, a vote, and what a member said
 * where the pages show it. Each answer is built only from what the reading tools returned.
 */

const HELLO = /^(hi|hello|hey|hiya|howdy|yo|good (morning|afternoon|evening))( there)?[\s!.,]*$/;
const THANKS =
  /^((ok(ay)?|great|perfect|awesome|cool|nice)[,!.]? )?(thanks|thank you|thx|ty|cheers)\b[\w\s!.,']{0,30}$/;
const OKAY = /^(ok(ay)?|k|cool|great|perfect|awesome|nice|got it|sounds good|alright|all right)[\s!.]*$/;
const BYE = /^(bye|goodbye|see you|see ya|good night|cya)\b[\w\s!.,]{0,20}$/;
const HELP = /^(help|what can you do|what do you do|how can you help|what can i ask)\b[\s\w]{0,20}[?!.]*$/;

const CAN_DO =
  "I can tell you where the trip stands, who is coming, what's on each day and what it costs you, and where the group disagrees; flag or suggest items of the plan (and, for the organizer, move, lock, add or remove them); and remember what the group agreed.";

/** The person and their question, planned; null when these words aren't an everyday request. */
export function everydayPlan(text: string, lower: string, tools: ReadonlySet<string>): Plan | null {
  if (HELLO.test(lower)) return say(`Hi! ${CAN_DO} What would you like?`, "Said hello");
  if (THANKS.test(lower)) return say("You're welcome! Ask me anything else about the trip.", "Said you're welcome");
  if (OKAY.test(lower)) return say("Okay! Ask me anything else about the trip.", "Acknowledged");
  if (BYE.test(lower)) return say("Bye! Enjoy planning the trip.", "Said goodbye");
  if (HELP.test(lower))
    return say(`${CAN_DO} Try "What's on day 2?" or "What does this trip cost me?"`, "Said what I can do");

  const said = memberSaid(lower);
  if (said) return said;

  const diet = dietOf(lower);
  if (diet) return dietPlan(diet);

  const vote = /^(?:please )?vote for (?:the )?(.+?)[.!]?$/.exec(lower);
  if (vote?.[1]) return votePlan(vote[1]);

  const addition = additionPlan(text, lower, tools);
  if (addition) return addition;

  if (
    /\b(cost|costs|costing|how much|spend|spending|price|my share|owe|(over|under|within) (my |the )?budget)\b/.test(
      lower,
    ) &&
    !/\b(flag|remove|move)\b/.test(lower)
  ) {
    return costPlan(lower);
  }

  if (
    /\bwho(?:'s| is| are)? (?:coming|going|joining|travell?ing|in (?:the|our|this) (?:group|trip)|on (?:the|this|our) trip)\b|\bwho(?:'s| is) in\b|\bwho(?:'s| is) (?:the )?organi[sz]er\b|\b(list|show)( me)? (the )?(members|group|people)\b/.test(
      lower,
    )
  ) {
    return {
      kind: "tools",
      reads: [{ tool: "readTrip", input: {} }],
      say: (r) => membersText(r.readTrip),
      summary: "Listed who is in the trip",
    };
  }

  if (
    /\b(how (many|long)\b.*\b(days?|nights?|trip)|when (do|are|will|does|is) (we|the trip)\b|\bwhat are (the|our) dates\b|\b(trip|travel) dates\b)/.test(
      lower,
    )
  ) {
    return {
      kind: "tools",
      reads: [{ tool: "readTrip", input: {} }],
      say: (r) => datesText(r.readTrip),
      summary: "Said the trip's dates",
    };
  }

  if (
    /\bwhere (are|do|will) we (going|headed|heading|staying|stay|sleep)\b|\bwhat'?s the destination\b|\bwhere is the trip\b/.test(
      lower,
    )
  ) {
    return {
      kind: "tools",
      reads: [{ tool: "readTrip", input: {} }],
      say: (r) => whereText(r.readTrip, /\b(stay|staying|sleep)\b/.test(lower)),
      summary: "Said where the trip goes",
    };
  }

  if (/\b(weather|temperature|rain|pack|packing)\b/.test(lower) && !/\b(forecast|live)\b/.test(lower)) {
    return {
      kind: "tools",
      reads: [{ tool: "readPlan", input: {} }],
      say: (r) => weatherText(r.readPlan, /\bpack/.test(lower)),
      summary: "Said the plan's weather note and packing list",
    };
  }

  const day = dayOf(lower);
  const question =
    /^(what|what's|whats|show|tell|list|and|so|is|are|anything|how|which|where|when|give|read)\b|\?$/.test(lower);
  if (
    day &&
    question &&
    !/\b(move|swap|switch|add|remove|drop|lock|unlock|flag|suggest|put|remember|note)\b/.test(lower)
  ) {
    const meal = /\b(breakfast|lunch|dinner)\b/.exec(lower)?.[1];
    const food = /\b(vegetarian|vegan|gluten|halal|kosher|dairy|nuts?|eat|food|meals?|restaurants?)\b/.test(lower);
    return {
      kind: "tools",
      reads: [{ tool: "readPlan", input: {} }],
      say: (r) => dayText(r.readPlan, day, meal ?? (food ? "meals" : null)),
      summary: "Read one day of the plan",
    };
  }
  return null;
}

function say(text: string, summary: string): Plan {
  return { kind: "say", text, summary, status: "success" };
}

// ---- one day of the plan ------------------------------------------------------------

type DayRef = { day: number } | { weekday: string } | { last: true };

function dayOf(lower: string): DayRef | null {
  const n = /\bday (\d+)\b/.exec(lower)?.[1];
  if (n) return { day: Number(n) };
  if (/\b(first|opening) day\b/.test(lower)) return { day: 1 };
  if (/\b(last|final) day\b/.test(lower)) return { last: true };
  const weekday = WEEKDAYS.find((d) => new RegExp(`\\b${d}\\b`).test(lower));
  return weekday ? { weekday } : null;
}

type DayRead = {
  day: number;
  date: string | null;
  title: unknown;
  items: { title: unknown; slot: string; startTime: string; costPerPerson: number }[];
  meals: { meal: string; time: string; name: unknown; cuisine?: unknown }[];
};

function daysOf(r: unknown): DayRead[] | null {
  const plan = dataOf(r).plan as { days?: unknown } | null | undefined;
  return plan ? listOf<DayRead>(plan.days) : null;
}

function weekdayOf(date: string): string {
  return WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? "";
}

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function dayText(r: unknown, ref: DayRef, meal: string | null): string | Clarify {
  const days = daysOf(r);
  if (!days) return "There's no plan yet: it comes after the group chooses a destination.";
  const found =
    "day" in ref
      ? days.find((d) => d.day === ref.day)
      : "last" in ref
        ? days.at(-1)
        : days.find((d) => d.date && weekdayOf(d.date) === ref.weekday);
  if (!found) {
    const which = "weekday" in ref ? capital(ref.weekday) : `day ${"day" in ref ? ref.day : ""}`;
    return {
      kind: "clarify",
      question: `The plan has no ${which}: which day do you mean?`,
      missing: "the day",
      why: `The plan has ${plural(days.length, "day")}${days[0]?.date ? `, ${formatRange(days[0].date, days.at(-1)?.date ?? days[0].date)}` : " without dates"}.`,
      choices: days
        .slice(0, 4)
        .map(
          (d) =>
            `What's on day ${d.day}${d.date ? ` (${capital(weekdayOf(d.date)).slice(0, 3)} ${formatDay(d.date)})` : ""}?`,
        ),
    };
  }
  // The day's title often starts with its number ("Day 2 · Alfama & Graça"): said once.
  const title = plain(found.title).replace(/^day \d+\s*[·:–-]\s*/i, "");
  const head = `Day ${found.day}${found.date ? ` (${capital(weekdayOf(found.date)).slice(0, 3)} ${formatDay(found.date)})` : ""}: ${title}.`;
  const meals = found.meals.filter((m) => !meal || meal === "meals" || m.meal === meal);
  const mealLines = meals.map(
    (m) => `- ${m.time} ${m.meal}: ${plain(m.name)}${m.cuisine === undefined ? "" : ` (${plain(m.cuisine)})`}`,
  );
  if (meal) {
    if (meals.length === 0) return `${head}\nThe plan has no ${meal === "meals" ? "meals" : meal} that day.`;
    return [
      head,
      ...mealLines,
      "The plan names each meal's place and cuisine, not the diets each place serves: the planner picks places that serve the diets in the group's answers, so add yours there if it's missing, and check with the place when you book.",
    ].join("\n");
  }
  const items = found.items.map(
    (i) =>
      `- ${i.startTime} ${plain(i.title)} (${i.slot}${i.costPerPerson ? `, ${formatUsd(i.costPerPerson)}` : ", free"})`,
  );
  return [
    head,
    ...(items.length ? items : ["- No activities: a free day."]),
    ...(mealLines.length ? ["Meals:", ...mealLines] : []),
  ].join("\n");
}

// ---- who is coming, and when --------------------------------------------------------

function membersText(r: unknown): string {
  const members = listOf<{ name: unknown; role: string; answered: boolean }>(dataOf(r).members);
  if (members.length === 0) return "I couldn't read the group just now.";
  const names = members.map((m) => `${plain(m.name)}${m.role === "organizer" ? " (organizer)" : ""}`);
  const waiting = members.filter((m) => !m.answered).map((m) => plain(m.name));
  return `${plural(members.length, "person", "people")} ${members.length === 1 ? "is" : "are"} in the trip: ${joinAnd(names)}. ${
    waiting.length ? `Still to answer: ${joinAnd(waiting)}.` : "Everyone has answered."
  }`;
}

function datesText(r: unknown): string {
  const trip = (dataOf(r).trip ?? {}) as { dates?: { start: string; end: string | null } | null };
  const dates = trip.dates;
  if (!dates?.start) return "The dates aren't set yet: the organizer confirms them once the destination is chosen.";
  const end = dates.end ?? dates.start;
  const days = Math.round((Date.parse(end) - Date.parse(dates.start)) / 86_400_000) + 1;
  return `The trip is ${plural(days, "day")}: ${capital(weekdayOf(dates.start))} ${formatDay(dates.start)} to ${capital(weekdayOf(end))} ${formatDay(end)}, ${end.slice(0, 4)}.`;
}

function whereText(r: unknown, stay: boolean): string {
  const trip = (dataOf(r).trip ?? {}) as { destination?: string | null };
  if (!trip.destination)
    return "No destination is chosen yet: the group's answers lead to destination ideas, then the organizer chooses.";
  const name = trip.destination
    .split("-")
    .map((w) => capital(w))
    .join(" ");
  return stay
    ? `The trip is to ${name}. The plan doesn't choose a place to stay: your costs price the stay at your level. Once it's booked, I can note it in "What we've agreed".`
    : `The trip is to ${name}.`;
}

function weatherText(r: unknown, packing: boolean): string {
  const plan = dataOf(r).plan as { weather?: unknown; packingList?: unknown[] } | null | undefined;
  if (!plan) return "There's no plan yet: its weather note and packing list come with it.";
  const lines = [`Weather: ${plain(plan.weather)}`];
  const list = (plan.packingList ?? []).map(plain);
  if (packing || list.length)
    lines.push(list.length ? `Packing list: ${list.join("; ")}.` : "The plan has no packing list.");
  return lines.join("\n");
}

// ---- what the trip costs me ---------------------------------------------------------

type MyCost = {
  total: number;
  overMyBudgetBy: number;
  accommodation: string;
  lines: { item: string; usd: number; basis: string }[];
};

const LINE_WORDS: Record<string, string> = {
  travel: "travel",
  stay: "stay, food and local transport",
  activities: "activities",
  "food-extra": "a meal over the food allowance",
};

function costPlan(lower: string): Plan {
  const amount =
    /\b(?:under|below|less than|within|at most|to)\s*\$\s?([\d,]+)(k?)\b|\b(?:under|below|less than)\s+([\d,]+)(k?)\s*(?:dollars|usd|\$)?/.exec(
      lower,
    );
  const digits = amount?.[1] ?? amount?.[3];
  const target = digits ? Number(digits.replace(/,/g, "")) * ((amount?.[2] ?? amount?.[4]) === "k" ? 1000 : 1) : null;
  return {
    kind: "tools",
    reads: [{ tool: "readMyAnswers", input: {} }, ...(target ? [{ tool: "readPlan", input: {} }] : [])],
    say: (r) => costText(r, target),
    summary: target
      ? `Said what the trip costs you and what would bring it under ${formatUsd(target)}`
      : "Said what the trip costs you",
  };
}

function costText(r: Results, target: number | null): string {
  const cost = dataOf(r.readMyAnswers).myPlanCost as MyCost | null | undefined;
  if (!cost)
    return "There's no plan yet, so no cost of your own yet: each destination idea shows what it would cost you.";
  const parts = cost.lines.map((l) => `${LINE_WORDS[l.item] ?? l.item} ${formatUsd(l.usd)} (${l.basis})`);
  const lines = [`This trip costs you ${formatUsd(cost.total)}: ${joinAnd(parts)}.`];
  const budget = (dataOf(r.readMyAnswers).answers as { budget?: { currency: string; maxAmount: number } | null } | null)
    ?.budget;
  const max = budget ? { amount: budget.maxAmount, currency: budget.currency } : null;
  if (cost.overMyBudgetBy > 0)
    lines.push(
      max
        ? `That's ${formatBudget({ amount: overByOwn(cost.total, max), currency: max.currency })} over your own budget's max (${formatBudget(max)}).`
        : `That's ${formatUsd(cost.overMyBudgetBy)} over your own budget's max.`,
    );
  else if (target === null && max && max.amount > 0)
    lines.push(`That's within your own budget's max (${formatBudget(max)}).`);
  if (target === null) return lines.join("\n");
  const over = cost.total - target;
  if (over <= 0) {
    lines.push(`That's already within ${formatUsd(target)}, by ${formatUsd(-over)}.`);
    return lines.join("\n");
  }
  lines.push(`To get to ${formatUsd(target)} it has to come down by ${formatUsd(over)}.`);
  // What the plan itself could drop, biggest first: meals over the allowance, then paid activities.
  const extras = cost.lines.filter((l) => l.item === "food-extra").map((l) => ({ title: l.basis, usd: l.usd }));
  const paid = (daysOf(r.readPlan) ?? [])
    .flatMap((d) => d.items)
    .filter((i) => i.costPerPerson > 0)
    .map((i) => ({ title: plain(i.title), usd: i.costPerPerson }));
  const candidates = [...extras, ...paid].sort((a, b) => b.usd - a.usd);
  const picked: typeof candidates = [];
  let saved = 0;
  for (const c of candidates) {
    if (saved >= over) break;
    picked.push(c);
    saved += c.usd;
  }
  const named = joinAnd(picked.map((p) => `${p.title} (${formatUsd(p.usd)})`));
  if (picked.length && saved >= over) {
    lines.push(
      `Leaving out ${named} would save ${formatUsd(saved)}, bringing it to ${formatUsd(cost.total - saved)}. The organizer can remove items; you can flag them as too expensive.`,
    );
  } else {
    lines.push(
      picked.length
        ? `Even leaving out every paid item (${formatUsd(saved)}) isn't enough: it would still be ${formatUsd(cost.total - saved)}.`
        : "The plan has no paid activities to leave out.",
    );
  }
  if (cost.accommodation !== "budget") {
    lines.push(
      `Your stay is at ${cost.accommodation} level: asking for a cheaper stay in your answers lowers your stay line (the next version of the plan prices it).`,
    );
  }
  if (cost.lines.some((l) => l.item === "travel" && l.usd > 0) && saved < over) {
    lines.push("Your travel comes from where you travel from, which I can't change.");
  }
  return lines.join("\n");
}

// ---- adding to the plan ---------------------------------------------------------------

const SLOT_WORDS = ["morning", "afternoon", "evening"] as const;

function additionPlan(text: string, lower: string, tools: ReadonlySet<string>): Plan | null {
  const m =
    /^(?:please |can (?:you|we) |could (?:you|we) )?(?:add|suggest|include|fit in|squeeze in)\s+(.+?)(?:\s+(?:on|to|for)\s+(?:the )?(day \d+|first day|last day|monday|tuesday|wednesday|thursday|friday|saturday|sunday)(?:'s)?(?:\s+(?:in the )?(morning|afternoon|evening))?)?(?:\s+(?:to|in|into) (?:the )?(?:plan|itinerary|trip))?[.!?]?$/i.exec(
      text,
    );
  if (!m?.[1]) return null;
  // "Add that …", "add to what we've agreed", "add a note": an entry for "What we've agreed".
  if (/^(that|to what we've agreed|to the agreements|a note|an entry|me|him|her|them)\b/i.test(m[1])) return null;
  const what = m[1]
    .replace(/^(?:a |an |the )?(?:visit|trip|stop|tour|outing)?\s*(?:to|at|of)\s+/i, "")
    .replace(/^(?:a |an |the )/i, "");
  const dayWords = m[2]?.toLowerCase() ?? null;
  const ref = dayWords ? dayOf(dayWords) : null;
  const slot = m[3]?.toLowerCase() ?? SLOT_WORDS.find((s) => new RegExp(`\\b${s}\\b`).test(lower)) ?? null;
  const organizer = tools.has("addItineraryActivity");
  return {
    kind: "tools",
    tool: "suggestAddition",
    reads: [{ tool: "readPlan", input: {} }],
    act: (r: Results) => {
      const data = dataOf(r.readPlan);
      const plan = data.plan as { version: number } | null;
      const version = (data.currentVersion as number | null) ?? plan?.version;
      const days = daysOf(r.readPlan);
      if (!plan || !days || !version) {
        return {
          kind: "end",
          text: "There's no plan yet to add to: it comes after the group chooses a destination. Nothing was changed.",
          summary: "No plan to add to yet",
          status: "blocked",
        };
      }
      const inPlan = findItems(itemsOf(days), what, { loose: false })[0];
      if (inPlan) {
        return {
          kind: "end",
          text: `${inPlan.title} is already in the plan, on day ${inPlan.day}. Nothing was changed.`,
          summary: "Already in the plan",
          status: "success",
        };
      }
      const found = findItems(activitiesOf(r.readPlan), what, { loose: false });
      const activity = found.length === 1 ? found[0] : undefined;
      const day =
        ref &&
        ("day" in ref
          ? ref.day
          : "last" in ref
            ? days.at(-1)?.day
            : days.find((d) => d.date && weekdayOf(d.date) === ref.weekday)?.day);
      if (organizer && activity && day) {
        if (!slot) {
          const taken = new Set(days.find((d) => d.day === day)?.items.map((i) => i.slot));
          const free = SLOT_WORDS.filter((s) => !taken.has(s));
          return {
            kind: "clarify",
            question: `At what time of day on day ${day}?`,
            missing: "the time of day",
            why: `Adding ${activity.title} needs a morning, afternoon or evening.`,
            choices: (free.length ? free : SLOT_WORDS).map((s) => `Add the ${activity.title} on day ${day} ${s}`),
          };
        }
        return { tool: "addItineraryActivity", input: { version, activityId: activity.itemKey, day, slot } };
      }
      // The organizer's own thing on a day and time of day ("Add the Gulbenkian museum on day 3
      // evening"): added as their item, not suggested and not read as a question about the day.
      if (organizer && !activity && day && slot && tools.has("addCustomItineraryItem")) {
        return { tool: "addCustomItineraryItem", input: { version, title: sentence(what).slice(0, 80), day, slot } };
      }
      const said = text.trim().replace(/[.!?]+$/, "");
      return {
        tool: "suggestAddition",
        input: {
          version,
          activityId: activity?.itemKey ?? null,
          text: `${said.charAt(0).toUpperCase()}${said.slice(1)}`.slice(0, 300),
        },
      };
    },
    readBack: { tool: "readPlan", input: {} },
    say: (r) => {
      if (r.addCustomItineraryItem !== undefined) {
        if (!isOk(r.addCustomItineraryItem)) return failure(r.addCustomItineraryItem, "Nothing else changed.");
        const added = findItems(itemsOf(daysOf(r.readPlan) ?? []), what, { loose: false })[0];
        return added
          ? `Added ${added.title} to day ${added.day} (${added.slot}, from ${added.startTime}).`
          : "Added to the plan.";
      }
      if (r.addItineraryActivity !== undefined) {
        if (!isOk(r.addItineraryActivity)) return failure(r.addItineraryActivity, "Nothing else changed.");
        const added = findItems(itemsOf(daysOf(r.readPlan) ?? []), what)[0];
        return added
          ? `Added ${added.title} to day ${added.day} (${added.slot}, from ${added.startTime}).`
          : "Added to the plan.";
      }
      if (!isOk(r.suggestAddition)) return failure(r.suggestAddition, "Nothing was suggested.");
      const activity = findItems(activitiesOf(r.readPlan), what);
      const named = activity.length === 1 && activity[0] ? activity[0].title : `"${what}"`;
      return `Suggested ${named} for the plan. Everyone sees it with the group's suggestions on the plan page, and the next regeneration takes it into account.`;
    },
    summary: "Suggested an addition to the plan",
  };
}

/** The plan's items, as items to find by their words (with their day). */
function itemsOf(days: DayRead[]) {
  return days.flatMap((d) =>
    d.items.map((i) => ({ ...i, itemKey: "", title: plain(i.title), locked: false, day: d.day })),
  );
}

/** The destination's activities not in the plan, as items to find by their words (the key is the activity's id). */
function activitiesOf(r: unknown) {
  return listOf<{ activityId: string; title: unknown }>(dataOf(r).otherActivities).map((a) => ({
    itemKey: a.activityId,
    title: plain(a.title),
    slot: "",
    startTime: "",
    locked: false,
    day: 0,
  }));
}

// ---- my diet, for my answers ------------------------------------------------------------

const DIETS: [RegExp, string][] = [
  [/\b(nuts?|peanuts?|tree nuts?)\b/, "nut-allergy"],
  [/\b(shellfish|shrimp|prawns?|crab|lobster)\b/, "shellfish-allergy"],
  [/\b(gluten|coeliac|celiac|wheat)\b/, "gluten-free"],
  [/\b(dairy|lactose|milk)\b/, "dairy-free"],
  [/\bvegan\b/, "vegan"],
  [/\bvegetarian\b|\bdon'?t eat meat\b/, "vegetarian"],
  [/\bhalal\b/, "halal"],
  [/\bkosher\b/, "kosher"],
];

function dietOf(lower: string): string | null {
  if (
    !/^(?:(?:also|oh|btw|fyi),? )?i(?:'m| am| can'?t| cannot| don'?t| do not| eat| keep| have| need| only eat)\b/.test(
      lower,
    )
  ) {
    return null;
  }
  return DIETS.find(([re]) => re.test(lower))?.[1] ?? null;
}

function dietPlan(diet: string): Plan {
  return {
    kind: "tools",
    tool: "savePreferences",
    reads: [{ tool: "readMyAnswers", input: {} }],
    act: (r: Results) => {
      const mine = answersToEdit(r, { part: "your diet", summary: "No answers to add the diet to" });
      if ("kind" in mine) return mine;
      const { answers } = mine;
      const dietary = listOf<string>(answers.dietary);
      if (dietary.includes(diet)) {
        return {
          kind: "end",
          text: `Your answers already say ${diet}: the plan's meals are planned around it.`,
          summary: "Diet already in your answers",
          status: "success",
        };
      }
      return {
        tool: "savePreferences",
        input: { expectedVersion: mine.version, preferences: { ...answers, dietary: [...dietary, diet] } },
      };
    },
    readBack: { tool: "readMyAnswers", input: {} },
    say: (r) => {
      if (!isOk(r.savePreferences)) return failure(r.savePreferences, "Your answers are unchanged.");
      const answers = dataOf(r.readMyAnswers).answers as { dietary?: string[] } | null | undefined;
      const diets = listOf<string>(answers?.dietary).map((d) => d.replace(/-/g, " "));
      return `Saved: your diet in your answers is now ${joinAnd(diets)}. The next version of the plan takes it into account.`;
    },
    summary: `Added ${diet} to your answers`,
  };
}

// ---- a vote ---------------------------------------------------------------------------

function votePlan(name: string): Plan {
  return {
    kind: "tools",
    tool: "voteForDestination",
    reads: [{ tool: "readRecommendations", input: {} }],
    act: (r: Results) => {
      const d = dataOf(r.readRecommendations);
      const options = listOf<{ slug: string; name: unknown }>(d.options);
      const voting = d.voting as { open?: boolean } | null;
      if (!d.recommendationId || options.length === 0) {
        return {
          kind: "end",
          text: "There are no destination ideas to vote on yet. Nothing was changed.",
          summary: "Nothing to vote on yet",
          status: "blocked",
        };
      }
      if (!voting?.open) {
        return {
          kind: "end",
          text: "Voting isn't open. Nothing was changed.",
          summary: "Voting closed",
          status: "blocked",
        };
      }
      const match = options.filter(
        (o) => plain(o.name).toLowerCase().includes(name) || o.slug === name.replace(/\s+/g, "-"),
      );
      if (match.length !== 1 || !match[0]) {
        return {
          kind: "clarify",
          question: "Which destination?",
          missing: "the destination",
          why: match.length ? `More than one idea matches "${name}".` : `No idea matches "${name}".`,
          choices: options.slice(0, 4).map((o) => `Vote for ${plain(o.name)}`),
        };
      }
      return { tool: "voteForDestination", input: { recommendationId: d.recommendationId, slug: match[0].slug } };
    },
    readBack: { tool: "readRecommendations", input: {} },
    say: (r) => {
      if (!isOk(r.voteForDestination)) return failure(r.voteForDestination, "Your vote is unchanged.");
      const d = dataOf(r.readRecommendations);
      const mine = listOf<{ slug: string; name: unknown; votes: number }>(d.options).find((o) => o.slug === d.myVote);
      return mine ? `Your vote is for ${plain(mine.name)} (${plural(mine.votes, "vote")} so far).` : "Voted.";
    },
    summary: "Voted for a destination",
  };
}

// ---- what a member said ---------------------------------------------------------------

function memberSaid(lower: string): Plan | null {
  const m =
    /\bwhat (?:did|does|has) ([a-z]+(?: \d+)?) (?:say|said|write|wrote|want|answer|answered|think|flag|flagged|suggest|suggested)\b/.exec(
      lower,
    );
  const name = m?.[1];
  if (!name || /^(we|i|you|everyone|everybody|the|they|he|she|it|anyone|somebody|someone|group)$/.test(name)) {
    return null;
  }
  return {
    kind: "tools",
    reads: [{ tool: "readPlan", input: {} }],
    say: (r) => {
      const feedback = listOf<{
        kind: string;
        by: unknown;
        itemKey: string | null;
        reason: string | null;
        text: unknown;
      }>(dataOf(r.readPlan).feedback).filter((f) => {
        const by = plain(f.by).toLowerCase();
        return by === name || by.split(" ")[0] === name;
      });
      const titles = new Map(
        (daysOf(r.readPlan) ?? []).flatMap((d) =>
          (d.items as { itemKey?: string; title: unknown }[]).map((i) => [i.itemKey, plain(i.title)] as const),
        ),
      );
      const who = capital(name);
      const privacy = `Their answers are theirs only: I can't show them. I can tell you where the group disagrees, without names.`;
      if (feedback.length === 0) return `${who} has no open flags or suggestions on the plan. ${privacy}`;
      const lines = feedback.map((f) => {
        const words = f.text === null || f.text === undefined ? "" : `: "${plain(f.text)}"`;
        return f.kind === "flag"
          ? `- Flagged ${titles.get(f.itemKey ?? "") ?? "an item"}${f.reason ? ` (${f.reason})` : ""}${words}`
          : `- Suggested${words || " an activity"}`;
      });
      return [`What ${who} said on the plan (everyone sees it on the plan page):`, ...lines, privacy].join("\n");
    },
    summary: "Said what a member wrote on the plan",
  };
}
