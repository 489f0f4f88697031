import { formatDay } from "@/lib/format";
import { amountIn, dayIn, matchItems, mealIn, memberNamed, slotIn } from "./assistant-entities";
import { planFor } from "./assistant-grammar";
import { WEEKDAYS } from "./assistant-itinerary";
import { privacyRefusal, type TripPeople } from "./assistant-people";
import {
  answersToEdit,
  dataOf,
  failure,
  isOk,
  listOf,
  type Plan,
  plain,
  type Results,
  sentence,
} from "./assistant-plan";
import { classify } from "./understanding";

/**
 * From what a person typed to the plans of the turn: the message split into its requests
 * ("what's on day 3 and who's coming?" is two), each classified (understanding.ts) and its
 * entities read (assistant-entities.ts), then planned by the precise builders of the grammar
 * (assistant-grammar.ts, -everyday.ts, -itinerary.ts) or the builders here. The grammar's own
 * reading of the words stands when the classifier agrees with it or knows no better.
 */

/** How sure the classifier must be to overrule the grammar's reading (or lack of one). */
const SURE = 0.7;

/** The plans for a message: one per request in it. */
export async function plansFor(message: string, tools: ReadonlySet<string>, people: TripPeople): Promise<Plan[]> {
  const parts = requestsIn(message);
  if (parts.length > 1 && parts.every((p) => REQUEST_START.test(p))) {
    const plans = await Promise.all(parts.map((p) => planOne(p, tools, people)));
    // Two reads of the same thing are one question said twice ("what it costs me, and what would bring it under …").
    const reads = plans.filter((p) => p.kind === "tools" && !p.act && !p.tool).map((p) => toolsOf(p)[0]);
    if (plans.every((p) => !isFallback(p)) && new Set(reads).size === reads.length) return plans;
  }
  return [await planOne(message, tools, people)];
}

/** How a request starts: a question word, a verb of the tools, or a polite opening before one. */
const REQUEST_START =
  /^(?:(?:please|pls|can you|could you|also|then)\s+)*(?:what|what's|whats|who|who's|whos|when|where|how|which|show|tell|list|give|read|flag|move|put|lock|unlock|remove|drop|suggest|add|rename|call|remember|note|vote|delete|set|is|are|do|does|qu[eé]|qui[eé]n|cu[aá]ndo|was|wer|wann|quand|qui)\b/i;

const JOIN = /\s*(?:,\s*)?\b(?:and then|and also|and|then|also|plus|y|et|und|e)\b\s+|\s*;\s*/i;
const VERB = /^(?:please )?(lock|unlock|flag|remove|drop|move|suggest|add)\b/i;

/** The requests in one message; a part without its own verb borrows the one before ("lock the X and the Y"). */
export function requestsIn(message: string): string[] {
  const text = message.trim().replace(/\s+/g, " ");
  const raw = text.split(JOIN).filter((p) => p.trim().length > 1);
  if (raw.length < 2) return [text];
  const out: string[] = [];
  let verb = "";
  let thing = "";
  for (const part of raw) {
    let p = part.trim().replace(/^[,.]\s*/, "");
    const v = VERB.exec(p)?.[1];
    if (v) verb = v;
    else if (/^the\b/i.test(p) && verb) p = `${verb} ${p}`;
    // "… and lock it": the item of the request before.
    if (/\b(it|them)\b/i.test(p) && thing) p = p.replace(/\b(it|them)\b/i, thing);
    const named =
      /^(?:please )?(?:lock|unlock|flag|remove|drop|move|put)\s+(the .+?)(?:\s+(?:to|as|on|in)\b.*)?$/i.exec(p)?.[1];
    if (named) thing = named;
    out.push(p);
  }
  return out;
}

export function isFallback(plan: Plan): boolean {
  return (
    plan.kind === "clarify" && (plan.missing === "the request" || plan.missing === "what to change and the new value")
  );
}

/** The tools a plan uses: its action and its reads. */
function toolsOf(plan: Plan): string[] {
  if (plan.kind !== "tools") return plan.kind === "say" ? ["say"] : [];
  const act = plan.act && typeof plan.act !== "function" ? [plan.act.tool] : [];
  return [...(plan.tool ? [plan.tool] : []), ...act, ...plan.reads.map((r) => r.tool)];
}

async function planOne(text: string, tools: ReadonlySet<string>, people: TripPeople): Promise<Plan> {
  const privacy = privacyRefusal(text, people);
  if (privacy) return privacy;
  const grammar = planFor(text, tools);
  const asked = askWhich(grammar, text);
  if (asked) return asked;
  const [top] = await classify(text);
  if (!top || top.score < SURE) return grammar;
  const used = toolsOf(grammar);
  const tool = top.intent.split(".")[0] ?? "";
  const agrees =
    used.includes(tool) ||
    (grammar.kind === "say" && /^(hello|help|thanks)$/.test(top.intent)) ||
    (used.includes("record_unmet_request") && top.intent.startsWith("unmet."));
  if (!isFallback(grammar) && agrees) return askWhich(grammar, text) ?? grammar;
  // What the product can't do, said by the grammar's precise phrases ("swap day 1 and day 2"), stands.
  if (used.includes("record_unmet_request")) return grammar;
  // Small talk is said in its own words ("ok so" is not a thank-you).
  if (top.intent === "thanks" && !THANKS_WORDS.test(text)) return grammar;
  // A plan the grammar made with its own words for an action or a named tool stands, and so does a
  // composite it read (several reads at once): the classifier reads one gist, the grammar the exact
  // request ("Delete the entry about Friday" is not "delete the trip"; "what should I fix first?" is
  // the conflicts against my answers, not the plan).
  if (!isFallback(grammar) && grammar.kind === "tools" && (grammar.act || grammar.tool || grammar.reads.length > 1))
    return grammar;
  return fromIntent(top.intent, text, tools, people) ?? askWhich(grammar, text, top.intent) ?? grammar;
}

const THANKS_WORDS = /thank|thx|\bty\b|cheers|gracias|merci|danke|grazie|obrigad|спасибо|谢/i;

/**
 * A question about an edit, asked about the trip's own items: which item (the candidates the
 * words name, or the items of the day named) and, when the day or time of day is missing,
 * the ones it could go to — each chip a whole request.
 */
function askWhich(grammar: Plan, text: string, intent?: string): Plan | null {
  const missing = grammar.kind === "clarify" ? grammar.missing : null;
  const said = /^(?:please )?(move|flag)\b/i.exec(text.trim())?.[1]?.toLowerCase();
  const verb =
    missing === "why" || intent === "flagItineraryItem" || said === "flag"
      ? "flag"
      : missing === "the day and time of day" || intent === "moveItineraryItem" || said === "move"
        ? "move"
        : null;
  if (!verb || (grammar.kind !== "clarify" && !isFallback(grammar))) return null;
  const day = dayIn(text);
  const slot = slotIn(text);
  return {
    kind: "tools",
    reads: [{ tool: "readPlan", input: {} }],
    say: (r: Results) => {
      const days = daysOf(r.readPlan);
      if (!days) return "There's no plan yet: it comes after the group chooses a destination.";
      const items = days.flatMap((d) =>
        d.items.map((i) => ({ ...i, title: plain(i.title), day: d.day, date: d.date })),
      );
      const onDay = day ? items.filter((i) => sameDay(i, day, days)) : [];
      const named = matchItems(items, text);
      const candidates = (named.length ? named : onDay.length ? onDay : items).slice(0, 4);
      if (verb === "flag") {
        const reasons =
          candidates.length === 1
            ? ["as too expensive", "as not accessible for me", "as not my thing"]
            : ["as too expensive", "as not my thing"];
        return {
          kind: "clarify",
          question:
            candidates.length === 1
              ? `What's wrong with ${candidates[0]?.title}?`
              : "Which item, and what's wrong with it?",
          missing: candidates.length === 1 ? "why" : "the item",
          why: "A flag says which item and why, so the next version of the plan can fix it.",
          choices: candidates.flatMap((c) => reasons.map((why) => `Flag ${c.title} ${why}`)).slice(0, 6),
        };
      }
      const target = day ? days.find((d) => sameDay({ day: d.day, date: d.date }, day, days)) : undefined;
      const choices =
        candidates.length === 1 && candidates[0] && !target
          ? days
              .filter((d) => d.day !== candidates[0]?.day)
              .slice(0, 4)
              .map(
                (d) => `Move ${candidates[0]?.title} to day ${d.day}${dayName(d.date)} ${slot ?? candidates[0]?.slot}`,
              )
          : candidates.map((c) => {
              // No day said: the next day, at its own time of day.
              const to = target ?? days[c.day % days.length] ?? days[0];
              return `Move ${c.title} to day ${to?.day}${dayName(to?.date ?? null)} ${slot ?? c.slot}`;
            });
      return {
        kind: "clarify",
        question: candidates.length === 1 ? `Where should ${candidates[0]?.title} go?` : "Which item, and where to?",
        missing: candidates.length === 1 ? "the day and time of day" : "the item",
        why: "I'd rather ask than guess and change the wrong thing.",
        choices,
      };
    },
    summary: "Asked which item and where",
  };
}

function sameDay(i: { day: number; date: string | null }, ref: NonNullable<ReturnType<typeof dayIn>>, days: DayRead[]) {
  if ("day" in ref) return i.day === ref.day;
  if ("last" in ref) return i.day === days.at(-1)?.day;
  return !!i.date && WEEKDAYS[new Date(`${i.date}T12:00:00Z`).getUTCDay()] === ref.weekday;
}

/** The plan for an intent, with the entities its words name. */
function fromIntent(intent: string, text: string, tools: ReadonlySet<string>, people: TripPeople): Plan | null {
  const lower = text.toLowerCase();
  const canonical = (request: string) => {
    const plan = planFor(request, tools);
    return isFallback(plan) ? null : plan;
  };
  switch (intent) {
    case "hello":
      return canonical(/\b(what|can|do)\b/.test(lower) ? "what can you do" : "hi");
    case "help":
      return canonical("what can you do");
    case "thanks":
      return canonical("thanks");
    case "readTrip.members":
      return canonical("who is coming");
    case "readTrip.dates":
      return canonical("when is the trip");
    case "readTrip.destination":
      return canonical(/\b(stay|sleep|hotel)\b/.test(lower) ? "where are we staying" : "where are we going");
    case "readTrip.status":
      return canonical("what's next");
    case "readConflicts.conflicts":
      return canonical("what do we disagree on");
    case "readAgreed.agreed":
      return canonical("what have we agreed");
    case "readPlan.plan":
      return canonical("show me the plan");
    case "readPlan.weather":
      return canonical(/\bpack/.test(lower) ? "what should i pack" : "what's the weather");
    case "readPlan.day": {
      const day = dayIn(text);
      const meal = mealIn(text) ?? (/\bnight\b/.test(lower) && /\beat/.test(lower) ? "dinner" : null);
      if (!day) return canonical("show me the plan");
      const which = "day" in day ? `day ${day.day}` : "last" in day ? "the last day" : day.weekday;
      return canonical(meal ? `what's for ${meal} on ${which}?` : `what's on ${which}?`);
    }
    case "readPlan.when":
      return whenPlan(text);
    case "readPlan.feedback":
      return feedbackPlan();
    case "readMyAnswers.cost": {
      const amount = amountIn(text);
      const usd = amount && /^\$?\d/.test(amount) ? amount.replace(/^\$?/, "$") : null;
      return canonical(usd ? `what does this trip cost me, under ${usd}` : "what does this trip cost me");
    }
    case "readMyAnswers.answers":
      return canonical("show my answers");
    case "unmet.booking":
    case "unmet.outside-data":
    case "unmet.payments":
    case "unmet.messaging":
      return unmetPlan(intent.slice("unmet.".length), text);
    case "flagItineraryItem":
      return canonical(`flag ${text.replace(/[,:;(]|\b(as|because|since)\b/gi, " ")}: ${text}`);
    case "lockItineraryItem":
      return canonical(`${/\b(unlock|desbloq|déverrouill|entsperr)/i.test(text) ? "unlock" : "lock"} ${text}`);
    case "removeItineraryItem":
      return canonical(`remove ${text.replace(/^(?:please )?(?:remove|drop|cut|take out)\s+/i, "")}`);
    case "moveItineraryItem": {
      const slot = slotIn(text);
      const day = dayIn(text);
      const where = [day ? ("day" in day ? `day ${day.day}` : "last" in day ? "" : day.weekday) : "", slot ?? ""]
        .join(" ")
        .trim();
      if (!slot) return null;
      const what = text.replace(/^(?:please )?(?:move|put|shift)\s+/i, "").replace(/\s+to\s+.*$/i, "");
      return canonical(`move ${what} to ${where}`);
    }
    case "suggestAddition":
    case "addCustomItineraryItem":
    case "addItineraryActivity":
      return canonical(/^(?:please )?(?:add|suggest)\b/i.test(text) ? text : `suggest ${text}`);
    case "removeMember":
      return removeMemberPlan(text, people);
    case "savePreferences": {
      const amount = amountIn(text);
      if (amount && /\b(budget|max|spend|presupuesto|budget|limit)\b/i.test(text)) return budgetPlan(amount);
      return canonical(`i have ${text}`);
    }
    case "renameTrip":
      return canonical(text);
    case "deleteTrip":
      return canonical("delete the trip");
    case "regenerateItinerary":
      return canonical("regenerate the plan with our feedback");
    case "setTripDates":
      // A member's "the dates" may be their own: ask which, rather than refuse.
      if (!tools.has("setTripDates"))
        return {
          kind: "clarify",
          question: `Your own dates, or the trip's? You can change the days you can travel in your answers; only ${
            people.organizer ?? "the organizer"
          } sets the trip's dates.`,
          missing: "which dates",
          why: "Your answers and the trip's dates are changed in different places.",
          choices: ["Change the days I can travel", "Ask the organizer to change the trip's dates"],
        };
      return {
        kind: "tools",
        tool: "setTripDates",
        reads: [],
        act: () => ({
          kind: "clarify",
          question: "Which dates, as start and end (for example 2027-05-10 to 2027-05-14)?",
          missing: "the dates",
          why: "I need both days, with the year, to set the trip's dates.",
          choices: [],
        }),
        say: () => "",
        summary: "Asked for the dates",
      };
    case "voteForDestination": {
      const name = /\bvote (?:for|on|goes to)\s+(.+?)(?:\s+please)?[.!?]*$/i.exec(text)?.[1];
      return name ? canonical(`vote for ${name.toLowerCase()}`) : null;
    }
    case "addContextEntry":
      return canonical(/^(?:please )?(remember|note|save|record)\b/i.test(text) ? text : `remember that ${text}`);
    default:
      return null;
  }
}

type DayRead = {
  day: number;
  date: string | null;
  items: { itemKey: string; title: unknown; slot: string; startTime: string }[];
};

function daysOf(r: unknown): DayRead[] | null {
  const plan = dataOf(r).plan as { days?: unknown } | null | undefined;
  return plan ? listOf<DayRead>(plan.days) : null;
}

function dayName(date: string | null): string {
  if (!date) return "";
  const weekday = WEEKDAYS[new Date(`${date}T12:00:00Z`).getUTCDay()] ?? "";
  return ` (${weekday.charAt(0).toUpperCase()}${weekday.slice(1, 3)} ${formatDay(date)})`;
}

/** When an item of the plan is: its day, date, time of day and start. */
function whenPlan(text: string): Plan {
  return {
    kind: "tools",
    reads: [{ tool: "readPlan", input: {} }],
    say: (r: Results) => {
      const days = daysOf(r.readPlan);
      if (!days) return "There's no plan yet: it comes after the group chooses a destination.";
      const items = days.flatMap((d) =>
        d.items.map((i) => ({ ...i, title: plain(i.title), day: d.day, date: d.date })),
      );
      const found = matchItems(items, text);
      if (found.length === 0) {
        return {
          kind: "clarify",
          question: "Which item of the plan?",
          missing: "the item",
          why: "No item of the plan matches those words.",
          choices: items.slice(0, 4).map((i) => `When is ${i.title}?`),
        };
      }
      return found
        .map((i) => `${i.title} is on day ${i.day}${dayName(i.date)}, in the ${i.slot} from ${i.startTime}.`)
        .join("\n");
    },
    summary: "Said when an item of the plan is",
  };
}

/** The group's open flags and suggestions on the plan (their words quoted as data). */
function feedbackPlan(): Plan {
  return {
    kind: "tools",
    reads: [{ tool: "readPlan", input: {} }],
    say: (r: Results) => {
      const feedback = listOf<{ kind: string; by: unknown; itemKey: string | null; text: unknown }>(
        dataOf(r.readPlan).feedback,
      );
      if (feedback.length === 0) return "Nobody has flagged or suggested anything on the plan yet.";
      const titles = new Map(
        (daysOf(r.readPlan) ?? []).flatMap((d) => d.items.map((i) => [i.itemKey, plain(i.title)] as const)),
      );
      const lines = feedback.map((f) => {
        const words = f.text === null || f.text === undefined ? "" : `: "${plain(f.text)}"`;
        return f.kind === "flag"
          ? `- ${plain(f.by)} flagged ${titles.get(f.itemKey ?? "") ?? "an item"}${words}`
          : `- ${plain(f.by)} suggested${words || " an activity"}`;
      });
      return [`Open flags and suggestions on the plan (${feedback.length}):`, ...lines].join("\n");
    },
    summary: "Listed the plan's flags and suggestions",
  };
}

const UNMET_WORDS: Record<string, { what: string; offer: string }> = {
  booking: { what: "book anything", offer: 'I can note a booking in "What we\'ve agreed" once you have made it.' },
  "outside-data": {
    what: "look up live outside data like a forecast",
    offer: "The plan's weather note comes from the travel month's climate.",
  },
  payments: { what: "move money", offer: "I can show what the trip costs you." },
  messaging: {
    what: "send messages",
    offer: "Everyone sees changes on the trip page, and members can turn on email updates.",
  },
};

function unmetPlan(category: string, text: string): Plan {
  const words = UNMET_WORDS[category] ?? { what: "do that", offer: "" };
  return {
    kind: "tools",
    reads: [],
    act: { tool: "record_unmet_request", input: { summary: text.slice(0, 120), category } },
    say: () => `I can't ${words.what} from here. ${words.offer} I've noted the request so the organizer can see it.`,
    summary: `Could not ${words.what}; noted the request`,
    status: "blocked",
  };
}

function removeMemberPlan(text: string, people: TripPeople): Plan {
  const name = memberNamed(
    text,
    people.names.filter((n) => n !== people.me),
  );
  return {
    kind: "tools",
    tool: "removeMember",
    reads: [{ tool: "readTrip", input: {} }],
    act: (r: Results) => {
      const members = listOf<{ memberId: string; name: unknown; role: string }>(dataOf(r.readTrip).members).filter(
        (m) => m.role !== "organizer",
      );
      const found = name ? members.filter((m) => plain(m.name).toLowerCase() === name.toLowerCase()) : [];
      if (found.length !== 1 || !found[0]) {
        return {
          kind: "clarify",
          question: "Who should I remove from the trip?",
          missing: "the member",
          why: name ? `Nobody on the trip is called ${name}.` : "The request names nobody on the trip.",
          choices: members.slice(0, 4).map((m) => `Remove ${plain(m.name)} from the trip`),
        };
      }
      return { tool: "removeMember", input: { memberId: found[0].memberId } };
    },
    say: (r) =>
      isOk(r.removeMember)
        ? `${name} is no longer on the trip; what they put in it is erased.`
        : failure(r.removeMember, "Nobody was removed."),
    summary: `Removed ${name ?? "a member"} from the trip`,
  };
}

/** A new most for my budget, in the currency typed (or my budget's own). */
function budgetPlan(amount: string): Plan {
  return {
    kind: "tools",
    tool: "savePreferences",
    reads: [{ tool: "readMyAnswers", input: {} }],
    act: (r: Results) => {
      const mine = answersToEdit(r, { part: "your budget", summary: "No answers to change the budget in" });
      if ("kind" in mine) return mine;
      const { answers } = mine;
      const budget = (answers.budget ?? {}) as { currency?: string; minAmount?: number; hardLimit?: boolean };
      return {
        tool: "savePreferences",
        input: {
          expectedVersion: mine.version,
          preferences: {
            ...answers,
            budget: {
              currency: budget.currency ?? "USD",
              minAmount: budget.minAmount ?? 0,
              max: amount,
              hardLimit: budget.hardLimit ?? false,
            },
          },
        },
      };
    },
    readBack: { tool: "readMyAnswers", input: {} },
    say: (r) =>
      isOk(r.savePreferences)
        ? `Saved: ${sentence(`your budget's most is now ${amount}`)}. The next version of the plan takes it into account.`
        : failure(r.savePreferences, "Your answers are unchanged."),
    summary: "Changed your budget's most",
  };
}
