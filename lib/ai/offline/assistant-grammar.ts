import { formatBudget } from "@/lib/money/budget";
import { everydayPlan } from "./assistant-everyday";
import { itineraryEdit } from "./assistant-itinerary";
import { dataOf, failure, isOk, listOf, type Plan, plain, sentence } from "./assistant-plan";

/**
 * The offline assistant's understanding of English: a small deterministic grammar over the
 * person's last message that picks a plan — the reads to make, at most one action, a read
 * back, and the words of the reply built only from what the tools returned. The state
 * machine in assistant-model.ts walks the plan one tool call per model call.
 */

/** Questions any member may ask on any trip: the chips every trip's panel offers. */
const QUESTIONS = ["What's next for our trip?", "What do we still disagree on?", "What have we agreed so far?"];
const REMEMBER = "Remember that we prefer trains over flights";
const FIND_IDEAS = "Find destination ideas for us";
const REGENERATE = "Regenerate the plan with our feedback";
const CROSS_REFERENCE = "Cross-reference our open conflicts with my answers and tell me what to fix first";

/** Every suggestion chip the panel may offer: each one is understood here. */
export const SUGGESTIONS = [...QUESTIONS, REMEMBER, FIND_IDEAS, REGENERATE, CROSS_REFERENCE];

/**
 * The chips the panel offers this person: the three questions on any trip; on the demo trip
 * also the things it can do, each only where it can happen (ideas before there is a plan,
 * a new version of the plan once planning has started) and only to the organizer, who alone
 * may start them. A chip that would end in "only the organizer can" or "not yet" isn't offered.
 */
export function suggestionsFor({
  isDemo,
  isOrganizer,
  status,
}: {
  isDemo: boolean;
  isOrganizer: boolean;
  status: "collecting" | "recommending" | "planning" | "finalized";
}): string[] {
  if (!isDemo) return [...QUESTIONS];
  const run = !isOrganizer
    ? []
    : status === "collecting" || status === "recommending"
      ? [FIND_IDEAS]
      : status === "planning"
        ? [REGENERATE]
        : [];
  return [...QUESTIONS, REMEMBER, ...run, CROSS_REFERENCE];
}

const PERSONAL = /\b(budget|answers?|notes?|costs?|home town|hometown|origin|dates|needs|diet)\b/;
/** Words before "'s" that aren't a person ("what's my budget", "the trip's dates"). */
const NOT_A_PERSON =
  /^(my|our|the|your|group|trip|this|a|an|their|what|that|it|there|here|who|where|how|let|today|tomorrow|everyone|one|he|she)$/;

/** The plan for the person's last message; `tools` are the tools this turn offers (the role's, of the open areas). */
export function planFor(message: string, tools: ReadonlySet<string> = new Set()): Plan {
  const text = message.trim().replace(/\s+/g, " ");
  const lower = text.toLowerCase();

  const privacy = /\b([a-z]+)'s\b/.exec(lower);
  if (privacy?.[1] && !NOT_A_PERSON.test(privacy[1]) && PERSONAL.test(lower)) {
    return {
      kind: "say",
      text: "I can't show another member's answers, budget or costs: only they can see them. I can tell you where the group disagrees, without names, or go through your own answers.",
      summary: "Declined to share another member's answers",
      status: "blocked",
    };
  }

  const everyday = everydayPlan(text, lower, tools);
  if (everyday) return everyday;

  // Before the unmet requests: "Call the trip …" names the trip, it doesn't phone anyone.
  const rename = /\b(?:rename (?:the |this |our )?trip(?: to)?|call (?:the|this|our) trip) ["“]?(.+?)["”]?[.!]?$/i.exec(
    text,
  );
  if (rename?.[1]) {
    const name = rename[1];
    return {
      kind: "tools",
      reads: [],
      act: { tool: "renameTrip", input: { name } },
      readBack: { tool: "readTrip", input: {} },
      say: (r) =>
        isOk(r.renameTrip)
          ? `Done: the trip is now called ${tripName(r.readTrip) ?? name}.`
          : failure(r.renameTrip, "The name is unchanged."),
      summary: "Renamed the trip",
    };
  }

  const unmet = unmetOf(lower);
  if (unmet) {
    return {
      kind: "tools",
      reads: [],
      act: { tool: "record_unmet_request", input: { summary: oneLine(text), category: unmet.category } },
      say: () => `I can't ${unmet.what} from here. ${unmet.offer} I've noted the request so the organizer can see it.`,
      summary: `Could not ${unmet.what}; noted the request`,
      status: "blocked",
    };
  }

  if (/\bdelete (the|this|our) (whole )?trip\b/.test(lower)) {
    return {
      kind: "tools",
      reads: [],
      act: { tool: "deleteTrip", input: {} },
      say: (r) =>
        isOk(r.deleteTrip) ? "The trip is deleted, for everyone." : failure(r.deleteTrip, "The trip was not deleted."),
      summary: "Deleting the trip",
    };
  }

  const remember =
    /^(?:please )?(?:remember|note|save|record|add)(?: to (?:what we've agreed|the agreements))?(?: that| down that)?[:,]? (.+)$/i.exec(
      text,
    );
  if (remember?.[1]) {
    const said = sentence(remember[1]);
    return {
      kind: "tools",
      reads: [],
      act: { tool: "addContextEntry", input: { kind: kindOf(said), text: said, why: "Asked in the assistant" } },
      readBack: { tool: "readAgreed", input: {} },
      say: (r) =>
        isOk(r.addContextEntry)
          ? `Saved to "What we've agreed". ${agreedText(r.readAgreed)}`
          : failure(r.addContextEntry, "Nothing was saved."),
      summary: "Added an entry to What we've agreed",
    };
  }

  const forget = /\b(?:forget|delete|remove)(?: the)? (?:note|entry|agreement)(?: about| on| that says)? (.+)$/i.exec(
    text,
  );
  if (forget?.[1]) {
    const about = forget[1].toLowerCase().replace(/[.?!]$/, "");
    return {
      kind: "tools",
      reads: [{ tool: "readAgreed", input: {} }],
      act: (r) => {
        const entries = entriesOf(r.readAgreed);
        const match = entries.filter((e) => e.text.toLowerCase().includes(about));
        if (match.length === 1 && match[0]) return { tool: "deleteContextEntry", input: { entryId: match[0].id } };
        return {
          kind: "clarify",
          question: "Which entry should I delete?",
          missing: "the entry",
          why: match.length ? "More than one entry matches." : "No entry matches those words.",
          choices: (match.length ? match : entries).slice(0, 4).map((e) => `Delete the note about ${e.text}`),
        };
      },
      readBack: { tool: "readAgreed", input: {} },
      say: (r) =>
        isOk(r.deleteContextEntry)
          ? `Deleted. ${agreedText(r.readAgreed)}`
          : failure(r.deleteContextEntry, "Nothing was deleted."),
      summary: "Deleted an entry from What we've agreed",
    };
  }

  if (/\b(generate|get|find|suggest|start)\b.*\b(destinations?|recommendations?|ideas|where to go)\b/.test(lower)) {
    return {
      kind: "tools",
      reads: [],
      act: { tool: "generateRecommendations", input: {} },
      say: (r) =>
        isOk(r.generateRecommendations)
          ? "Recommendations are on their way: follow each step here or on the dashboard."
          : failure(r.generateRecommendations, "Nothing was started."),
      summary: "Started destination recommendations",
    };
  }

  const composite =
    /\b(cross-?reference|compare|match)\b/.test(lower) || /\bwhat (should|do) i (fix|change)\b/.test(lower);
  if (composite) {
    return {
      kind: "tools",
      reads: [
        { tool: "readConflicts", input: {} },
        { tool: "readMyAnswers", input: {} },
      ],
      say: (r) => fixFirstText(r.readConflicts, r.readMyAnswers),
      summary: "Compared the open conflicts with your answers",
    };
  }

  if (/\b(disagree|conflicts?|clash|differ)\b/.test(lower)) {
    return {
      kind: "tools",
      reads: [{ tool: "readConflicts", input: {} }],
      say: (r) => conflictsText(r.readConflicts),
      summary: "Listed where the group disagrees",
    };
  }

  if (/\b(agreed|decided|agreements?)\b/.test(lower)) {
    return {
      kind: "tools",
      reads: [{ tool: "readAgreed", input: {} }],
      say: (r) => agreedText(r.readAgreed),
      summary: "Listed what the group has agreed",
    };
  }

  const edit = itineraryEdit(text);
  if (edit) return edit;

  if (/\b(plan|itinerary|schedule|day \d+)\b/.test(lower) && !/\b(move|swap|change|add|remove)\b/.test(lower)) {
    return {
      kind: "tools",
      reads: [{ tool: "readPlan", input: {} }],
      say: (r) => planText(r.readPlan),
      summary: "Read the plan",
    };
  }

  if (/\bmy (answers|budget|dates)\b/.test(lower)) {
    return {
      kind: "tools",
      reads: [{ tool: "readMyAnswers", input: {} }],
      say: (r) => myAnswersText(r.readMyAnswers),
      summary: "Read your answers",
    };
  }

  if (
    /\b(what'?s next|next step|where are we|status|what now|who (still )?(has|hasn'?t)|waiting on|explain)\b/.test(
      lower,
    )
  ) {
    return {
      kind: "tools",
      reads: [{ tool: "readTrip", input: {} }],
      say: (r) => tripText(r.readTrip),
      summary: "Said where the trip stands",
    };
  }

  if (/\b(move|swap|change|update|fix|edit)\b/.test(lower)) {
    return {
      kind: "clarify",
      question: "What exactly should change, and to what?",
      missing: "what to change and the new value",
      why: "I'd rather ask than guess and change the wrong thing.",
      choices: ["Rename the trip to …", "Remember that …", "What do we still disagree on?"],
    };
  }

  return {
    kind: "clarify",
    question: "What would you like me to do?",
    missing: "the request",
    why: "I didn't understand that request.",
    choices: QUESTIONS,
  };
}

const UNMET: { test: RegExp; category: string; what: string; offer: string }[] = [
  {
    test: /\b(book|reserve)\b.*\b(flights?|hotels?|rooms?|tickets?|tables?|trains?|cars?)\b/,
    category: "booking",
    what: "book anything",
    offer: 'I can note a booking in "What we\'ve agreed" once you have made it.',
  },
  {
    test: /\b(pay|venmo|paypal|transfer|split the bill|reimburse|refund)\b/,
    category: "payments",
    what: "move money",
    offer: "I can show what the trip costs you.",
  },
  {
    test: /\b(email|text|sms|whatsapp|call|message)\b.*\b(everyone|the group|them|him|her|[A-Z][a-z]+)\b/i,
    category: "messaging",
    what: "send messages",
    offer: "Everyone sees changes on the trip page, and members can turn on email updates.",
  },
  {
    test: /\b(forecast|exchange rate|live prices?|flight prices?|news)\b/,
    category: "outside-data",
    what: "look up live outside data",
    offer: "The plan's weather note comes from the travel month's climate.",
  },
  {
    test: /\b(swap|switch|exchange|trade)\b (?:the )?(?:days? )?(\d+|\w+day)\b.*\b(and|with|for)\b (?:day )?(\d+|\w+day)\b|\b(reorder|rearrange|shuffle)\b.*\bdays\b/,
    category: "other",
    what: "swap whole days",
    offer: 'I can move items one at a time ("Move the … to day 2 afternoon").',
  },
  {
    test: /\b(password|my account|sign in with|log ?in with)\b/,
    category: "account",
    what: "change sign-in settings",
    offer: "Your devices and personal link are on the trip's Settings page.",
  },
];

function unmetOf(lower: string) {
  return UNMET.find((u) => u.test.test(lower)) ?? null;
}

function kindOf(text: string): string {
  const lower = text.toLowerCase();
  if (/\b(booked|reserved|bought)\b/.test(lower)) return "booking";
  if (/\?$|\b(whether|not sure|open question|undecided)\b/.test(lower)) return "open-question";
  if (/\b(prefer|rather|like|love|hate|avoid)\b/.test(lower)) return "preference";
  return "decided";
}

function oneLine(s: string): string {
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}

// ---- reading results ------------------------------------------------------------

function entriesOf(r: unknown): { id: string; kind: string; text: string }[] {
  return listOf<{ entryId: string; kind: string; text: unknown }>(dataOf(r).entries).map((e) => ({
    id: e.entryId,
    kind: e.kind,
    text: plain(e.text),
  }));
}

function tripName(r: unknown): string | undefined {
  const trip = dataOf(r).trip as { name?: unknown } | undefined;
  return trip?.name === undefined ? undefined : plain(trip.name);
}

const KIND_WORDS: Record<string, string> = {
  decided: "Decided",
  preference: "Preference",
  booking: "Booking",
  "open-question": "Open question",
};

function agreedText(r: unknown): string {
  const entries = entriesOf(r);
  if (entries.length === 0) return 'Nothing is in "What we\'ve agreed" yet.';
  const lines = entries.map((e) => `- ${KIND_WORDS[e.kind] ?? e.kind}: ${e.text}`);
  return `What we've agreed (${entries.length}):\n${lines.join("\n")}`;
}

type ConflictOut = { kind: string; severity: string; summary: string };

function conflictsOf(r: unknown): ConflictOut[] {
  return listOf<{ kind: string; severity: string; summary: unknown }>(dataOf(r).conflicts).map((c) => ({
    kind: c.kind,
    severity: c.severity,
    summary: plain(c.summary),
  }));
}

function conflictsText(r: unknown): string {
  const conflicts = conflictsOf(r);
  if (conflicts.length === 0) return "Nothing: the group's answers don't conflict right now.";
  return `The group disagrees on ${conflicts.length} thing${conflicts.length === 1 ? "" : "s"}:\n${conflicts
    .map((c) => `- ${c.summary}`)
    .join("\n")}`;
}

function fixFirstText(conflictsResult: unknown, answers: unknown): string {
  const conflicts = conflictsOf(conflictsResult);
  const mine = listOf<{ conflict: string; label: string }>(dataOf(conflictsResult).myFixes);
  if (dataOf(answers).answered === false) return "You haven't answered yet: your answers come first.";
  if (conflicts.length === 0) return "No open conflicts: there is nothing for you to fix.";
  const order = ["critical", "high", "medium", "low"];
  const first = [...conflicts].sort((a, b) => order.indexOf(a.severity) - order.indexOf(b.severity))[0];
  const fix = mine.find((f) => f.conflict === first?.kind);
  const lines = [`Fix first: ${first?.summary}`];
  lines.push(
    fix
      ? `Your own fix for it: ${fix.label}.`
      : "Your answers aren't what stands in the way here; the organizer can decide it.",
  );
  const others = mine.filter((f) => f !== fix);
  if (others.length) lines.push(`You could also: ${others.map((f) => f.label).join("; ")}.`);
  return lines.join("\n");
}

function planText(r: unknown): string {
  const d = dataOf(r);
  const plan = d.plan as { days?: unknown } | null | undefined;
  if (!plan) return "There's no plan yet: it comes after the group chooses a destination.";
  const days = listOf<{ day: number; date: string | null; items: { title: unknown }[] }>(plan.days);
  const head = `The plan has ${days.length} day${days.length === 1 ? "" : "s"}.`;
  return [
    head,
    ...days.slice(0, 7).map(
      (day) =>
        `- Day ${day.day}: ${day.items
          .slice(0, 4)
          .map((i) => plain(i.title))
          .join(", ")}`,
    ),
  ].join("\n");
}

function myAnswersText(r: unknown): string {
  const d = dataOf(r);
  if (d.answered === false) return "You haven't answered yet.";
  const answers = (d.answers ?? {}) as {
    budget?: { currency: string; minAmount: number; maxAmount: number } | null;
    scope?: string;
  };
  const budget = answers.budget;
  const own = (amount: number) => (budget ? formatBudget({ amount, currency: budget.currency }) : "");
  return [
    "Your answers:",
    `- Budget: ${budget ? `${own(budget.minAmount)}–${own(budget.maxAmount)}` : "not given"}`,
    `- Domestic or abroad: ${String(answers.scope)}`,
  ].join("\n");
}

const STAGE_WORDS: Record<string, string> = {
  collecting: "collecting everyone's answers",
  recommending: "choosing a destination",
  planning: "planning the days",
  finalized: "finalized",
};

function tripText(r: unknown): string {
  const d = dataOf(r);
  const trip = (d.trip ?? {}) as { status?: string };
  const members = listOf<{ name: unknown; answered: boolean }>(d.members);
  const waiting = members.filter((m) => !m.answered).map((m) => plain(m.name));
  const stage = STAGE_WORDS[String(trip.status)] ?? String(trip.status);
  const lines = [`${tripName(r) ?? "The trip"} is at: ${stage}.`];
  lines.push(waiting.length ? `Still to answer: ${waiting.join(", ")}.` : "Everyone has answered.");
  const turn = listOf<{ title: string }>(d.myTurn);
  if (turn.length) lines.push(`Your next step: ${turn[0]?.title}.`);
  return lines.join(" ");
}
