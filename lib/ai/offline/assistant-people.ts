import { PEOPLE_HEADING } from "@/lib/assistant/instructions";
import type { Plan } from "./assistant-plan";

/**
 * Who is on the trip, as the instructions name them (lib/assistant/instructions.ts), so a
 * refusal can say who can do a thing ("Only Ana, the organizer, can …") or whose a thing is
 * ("Sam's budget is private to them").
 */
export type TripPeople = { names: string[]; organizer: string | null; me: string | null };

export const NOBODY: TripPeople = { names: [], organizer: null, me: null };

/** The people listed in the system instructions (none when they aren't there). */
export function peopleIn(system: string): TripPeople {
  const at = system.indexOf(PEOPLE_HEADING);
  if (at < 0) return NOBODY;
  const people: TripPeople = { names: [], organizer: null, me: null };
  for (const line of system
    .slice(at + PEOPLE_HEADING.length)
    .split("\n")
    .slice(1)) {
    const m = /^- (.+?)((?: \((?:the organizer|the person talking to you)\))*)$/.exec(line);
    if (!m?.[1]) break;
    people.names.push(m[1]);
    if (m[2]?.includes("the organizer")) people.organizer = m[1];
    if (m[2]?.includes("the person talking to you")) people.me = m[1];
  }
  return people;
}

/** What another member's answers hold, by the words people use for it (the six languages the limits read). */
const TOPICS: { test: RegExp; says: (name: string) => string }[] = [
  {
    test: /\bwhere\b.*\b(from|live|lives|living|based)\b|\b(flying|coming|travell?ing)( in)? from\b|\borigin\b|\bhome ?town\b|d[óo]nde viene|d'o[ùu] vient|\bwoher\b|откуда|从哪/i,
    says: (n) => `Where ${n} travels from is private to them`,
  },
  {
    test: /\b(budget|spend|afford|pay|paying|costs?|owes?)\b|presupuesto|\bgasta|\bpaga|cuesta|d[ée]pense|\bpaye|co[ûu]te|ausgeben|\bgibt\b.*\baus\b|\bzahlt|kostet|бюджет|трат|плат|стоит|预算|花多少|费用/i,
    says: (n) => `${n}'s budget is private to them`,
  },
  {
    test: /\b(dates|available|availability)\b|\bwhat dates\b|\bwhen can\b|fechas|disponib|\btermine\b|даты|日期/i,
    says: (n) => `${n}'s dates are private to them`,
  },
  {
    test: /\b(needs?|accessibility|access|diet|dietary|allerg\w*|eat)\b|necesidad|besoins|bedürfnis|потребност|需要/i,
    says: (n) => `${n}'s needs are private to them`,
  },
  {
    test: /\b(answers?|answered|notes|preferences|responses)\b|respuestas|r[ée]ponses|antworten|ответ|回答/i,
    says: (n) => `${n}'s answers are private to them`,
  },
];

const DOING_TO =
  /^(?:(?:please|can you|could you|pls)\s+)*(send|e-?mail|text|message|remind|ask|invite|kick|remove|add|pay|venmo|refund|reimburse|split|charge|tell (him|her|them))\b/i;

function mentions(text: string, name: string): boolean {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(^|[^\\p{L}])${escaped}($|[^\\p{L}])`, "iu").test(text);
}

/** Another member's private answers asked for by their name: whose they are, said plainly, nothing read. */
export function privacyRefusal(text: string, people: TripPeople): Plan | null {
  // Asking to do something to or for them (message them, remove them) isn't asking what they answered.
  if (DOING_TO.test(text.trim())) return null;
  const other = people.names.find((n) => n !== people.me && mentions(text, n));
  if (!other) return null;
  const topic = TOPICS.find((t) => t.test.test(text));
  if (!topic) return null;
  return {
    kind: "say",
    text: `${topic.says(other)}: I can't show another member's answers, budget or costs. I can tell you where the group disagrees, without names, or go through your own answers.`,
    summary: `Declined to share ${other}'s answers`,
    status: "blocked",
  };
}

/** What each organizer's tool does, in the words of a refusal ("Only Ana, the organizer, can …"). */
const DOING: Record<string, string> = {
  renameTrip: "rename the trip",
  deleteTrip: "delete the trip",
  removeMember: "remove someone from the trip",
  moveItineraryItem: "move things in the plan",
  removeItineraryItem: "take things out of the plan",
  lockItineraryItem: "lock things in the plan",
  swapItineraryItem: "swap things in the plan",
  addItineraryActivity: "add things to the plan",
  addCustomItineraryItem: "add things to the plan",
  regenerateItinerary: "regenerate or finalize the plan",
  generateItinerary: "make the plan",
  restoreItinerary: "bring back an earlier plan",
  setTripDates: "set the trip's dates",
  chooseDestination: "choose the destination",
  reopenDestination: "reopen the destination",
  decideConflict: "decide a conflict for the group",
};

/** A role refusal that names who can, and offers to ask them. */
export function organizerOnly(tool: string, people: TripPeople): string {
  const doing = DOING[tool] ?? "do that";
  const who = people.organizer ? `${people.organizer}, the organizer,` : "the trip's organizer";
  return `Only ${who} can ${doing}. Want me to ask them? I can note it for the organizer in "What we've agreed" as an open question.`;
}
