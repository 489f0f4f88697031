import { matchItems } from "./assistant-entities";
import { type Clarify, type End, failure, isOk, type Plan, plain, type Results, sentence } from "./assistant-plan";

/**
 * The offline assistant's itinerary edits: "move the <item> to Thursday afternoon",
 * "remove the <item>", "lock (or unlock) the <item>", and "regenerate the plan with our
 * feedback". An edit reads the plan first (the item's key and the plan's version), then
 * makes the one edit on that version and reads the plan back.
 */

const SLOTS = ["morning", "afternoon", "evening"] as const;
export const WEEKDAYS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
const PRONOUN = /^(it|this|that|them|these|those|one)$/i;

type PlanItem = { itemKey: string; title: string; slot: string; startTime: string; locked: boolean; day: number };
type PlanRead = { version: number | null; days: { day: number; date: string | null; items: PlanItem[] }[] };

export function itineraryEdit(text: string): Plan | null {
  if (
    /^(?:please )?(?:regenerate|redo|remake)\b/i.test(text) ||
    /^(?:please )?(?:finali[sz]e|make final)\b.*\b(?:plan|itinerary)\b/i.test(text) ||
    /^(?:please )?make the (?:plan|itinerary) final\b/i.test(text)
  ) {
    return {
      kind: "tools",
      reads: [],
      act: { tool: "regenerateItinerary", input: {} },
      say: (r) =>
        isOk(r.regenerateItinerary)
          ? "The new version of the plan is on its way: the plan page shows each step."
          : failure(r.regenerateItinerary, "Nothing was started."),
      summary: "Started regenerating the plan with the group's feedback",
    };
  }

  const move = /^(?:please )?(?:move|put|shift) (?:the )?(.+?) to (.+?)[.!]?$/i.exec(text);
  if (move?.[1] && move[2]) {
    const [what, where] = [move[1], move[2].toLowerCase()];
    const slot = SLOTS.find((s) => where.includes(s));
    const weekday = WEEKDAYS.find((d) => where.includes(d));
    const dayNumber = /\bday (\d+)\b/.exec(where)?.[1];
    // A time of day alone ("to the evening") keeps the item's own day.
    if (PRONOUN.test(what) || !slot) {
      return clarifyEdit(PRONOUN.test(what) ? "the item" : "the day and time of day", [
        "Move the … to Thursday afternoon",
        "Move the … to day 2 morning",
      ]);
    }
    return edit({
      tool: "moveItineraryItem",
      what,
      chip: (title) => `Move ${title} to ${move[2]}`,
      args: (plan, item) => {
        const day = dayNumber
          ? Number(dayNumber)
          : weekday
            ? plan.days.find((d) => d.date && WEEKDAYS[new Date(`${d.date}T12:00:00Z`).getUTCDay()] === weekday)?.day
            : item.day;
        if (!day) return null;
        return { itemKey: item.itemKey, day, slot };
      },
      noDay: `The plan has no ${weekday ?? `day ${dayNumber}`}.`,
      done: (item, after) => `Moved ${item.title} to day ${after?.day} (${slot}, from ${after?.startTime}).`,
      summary: "Moved an item in the plan",
    });
  }

  const flag =
    /^(?:please )?flag (?:the )?(.+?)(?:\s*(?:[,:;(—–]|\s-\s|\bas\b|\bbecause\b|\bsince\b)\s*(.+?))?[.!)]?$/i.exec(
      text,
    );
  if (flag?.[1]) {
    const why = flag[2]?.trim() ?? "";
    const reason = flagReason(why.toLowerCase());
    if (PRONOUN.test(flag[1]) || !why) {
      return clarifyEdit(PRONOUN.test(flag[1]) ? "the item" : "why", [
        "Flag the … as too expensive",
        "Flag the …, it's not accessible for me",
        "Flag the …, not my thing",
      ]);
    }
    return edit({
      tool: "flagItineraryItem",
      what: flag[1],
      chip: (title) => `Flag ${title}: ${why}`,
      args: (_plan, item) => ({ itemKey: item.itemKey, reason, note: sentence(why) }),
      done: (item) =>
        `Flagged ${item.title} (${FLAG_WORDS[reason]}): everyone sees it on the plan page, and the next regeneration takes it into account.`,
      summary: "Flagged an item of the plan",
    });
  }

  const remove =
    /^(?:please )?(?:remove|drop|cut|take out) (?:the )?(.+?)(?: from (?:the )?(?:plan|itinerary))?[.!]?$/i.exec(text);
  if (remove?.[1]) {
    return edit({
      tool: "removeItineraryItem",
      what: remove[1],
      chip: (title) => `Remove ${title} from the plan`,
      args: (_plan, item) => ({ itemKey: item.itemKey }),
      done: (item) => `Removed ${item.title} from the plan.`,
      summary: "Removed an item from the plan",
    });
  }

  const lock = /^(?:please )?(un)?lock (?:the )?(.+?)(?: in place| where it is)?[.!]?$/i.exec(text);
  if (lock?.[2]) {
    const locked = !lock[1];
    return edit({
      tool: "lockItineraryItem",
      what: lock[2],
      chip: (title) => `${locked ? "Lock" : "Unlock"} ${title}`,
      args: (_plan, item) => ({ itemKey: item.itemKey, locked }),
      done: (item) =>
        locked
          ? `Locked ${item.title}: regenerations keep it where it is.`
          : `Unlocked ${item.title}: a regeneration may move it.`,
      summary: locked ? "Locked an item in the plan" : "Unlocked an item in the plan",
    });
  }
  return null;
}

const FLAG_WORDS = {
  "too-expensive": "too expensive",
  "not-accessible": "not accessible for you",
  "diet-clash": "clashes with your diet",
  "not-my-thing": "not your thing",
  other: "other",
} as const;

/** The flag's reason from the person's words (the plan page's choices); "other" keeps the words as the note. */
function flagReason(why: string): keyof typeof FLAG_WORDS {
  if (/\b(expensive|pricey|costs? too|too much|afford)/.test(why)) return "too-expensive";
  if (/\b(accessib|wheelchair|stairs|steps|step-free|mobility|walking|hearing|sight)/.test(why))
    return "not-accessible";
  if (/\b(diet|vegetarian|vegan|allerg|gluten|halal|kosher|can'?t eat)/.test(why)) return "diet-clash";
  if (/\b(not my thing|not for me|boring|don'?t like|not interested)/.test(why)) return "not-my-thing";
  return "other";
}

function clarifyEdit(missing: string, choices: string[]): Clarify {
  return {
    kind: "clarify",
    question:
      missing === "the item"
        ? "Which item of the plan?"
        : missing === "why"
          ? "What's wrong with it?"
          : "To which day and time of day?",
    missing,
    why: "I'd rather ask than guess and change the wrong thing.",
    choices,
  };
}

/** One edit of one item: read the plan, find the item by its words, edit that version, read back. */
function edit({
  tool,
  what,
  chip,
  args,
  noDay,
  done,
  summary,
}: {
  tool: string;
  what: string;
  /** The whole request for one candidate item, as a chip that needs nothing filled in. */
  chip: (title: string) => string;
  args: (plan: PlanRead, item: PlanItem) => Record<string, unknown> | null;
  noDay?: string;
  done: (item: PlanItem, after: PlanItem | undefined) => string;
  summary: string;
}): Plan {
  return {
    kind: "tools",
    tool,
    reads: [{ tool: "readPlan", input: {} }],
    act: (r: Results): { tool: string; input: Record<string, unknown> } | Clarify | End => {
      const plan = planOf(r.readPlan);
      if (!plan) {
        return {
          kind: "end",
          text: "There's no plan yet: it comes after the group chooses a destination. Nothing was changed.",
          summary: "No plan to edit yet",
          status: "blocked",
        };
      }
      const items = plan.days.flatMap((d) => d.items);
      const found = findItems(items, what);
      if (found.length !== 1 || !found[0]) {
        return {
          kind: "clarify",
          question: "Which item of the plan?",
          missing: "the item",
          why: found.length ? `More than one item matches "${what}".` : `No item of the plan matches "${what}".`,
          choices: (found.length ? found : items).slice(0, 4).map((i) => chip(i.title)),
        };
      }
      const input = args(plan, found[0]);
      if (!input)
        return { kind: "end", text: `${noDay} Nothing was changed.`, summary: "No such day", status: "blocked" };
      return { tool, input: { version: plan.version, ...input } };
    },
    readBack: { tool: "readPlan", input: {} },
    say: (r) => {
      if (!isOk(r[tool])) return failure(r[tool], "Nothing else changed.");
      // The item as the read back shows it (each step reads the plan anew: found again by its words).
      const after = findItems(
        [...(planOf(r.readPlan)?.days.flatMap((d) => d.items) ?? []), ...removedOf(r.readPlan)],
        what,
      )[0];
      return after ? done(after, after) : "Done.";
    },
    summary,
  };
}

function planOf(r: unknown): PlanRead | null {
  const data = (r as { data?: { currentVersion?: number | null; plan?: unknown } } | undefined)?.data;
  const plan = data?.plan as
    | { version: number; days: { day: number; date: string | null; items: Record<string, unknown>[] }[] }
    | null
    | undefined;
  if (!plan) return null;
  return {
    version: data?.currentVersion ?? plan.version,
    days: plan.days.map((d) => ({
      day: d.day,
      date: d.date,
      items: d.items.map((i) => ({
        itemKey: String(i.itemKey),
        title: plain(i.title),
        slot: String(i.slot),
        startTime: String(i.startTime),
        locked: i.locked === true,
        day: d.day,
      })),
    })),
  };
}

/** What the latest change removed (a removed item is found there). */
function removedOf(r: unknown): PlanItem[] {
  const change = (r as { data?: { latestChange?: { removed?: { itemKey: string; title: unknown }[] } | null } })?.data
    ?.latestChange;
  return (change?.removed ?? []).map((i) => ({
    itemKey: i.itemKey,
    title: plain(i.title),
    slot: "",
    startTime: "",
    locked: false,
    day: 0,
  }));
}

/** The items the words name: the title or key holds them all. */
export function findItems(items: PlanItem[], what: string, { loose = true } = {}): PlanItem[] {
  const words = what
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(/\s+/)
    .filter((w) => w && w !== "the");
  const exact = items.filter((i) => i.title.toLowerCase() === what.toLowerCase());
  if (exact.length) return exact;
  const all = items.filter((i) => {
    const hay = `${i.title.toLowerCase()} ${i.itemKey.replace(/[:-]/g, " ")}`;
    return words.every((w) => hay.includes(w));
  });
  // Not every word in one title: the items the words name best (by kind, one letter off).
  return all.length || !loose ? all : matchItems(items, what);
}
