/**
 * A turn's tools, by area: the reading tools and the turn's own tools always go to the
 * model; the writing tools go only for the areas the request speaks of (its words), and the
 * model can open any other area with `open_tools` when the one it needs isn't listed. This
 * keeps a turn's input small (every schema every turn was most of it) without closing any
 * tool off: the role still decides which tools exist at all.
 */

export const AREAS = {
  answers: {
    about: "your answers, budget and dates, fixing or deciding conflicts",
    tools: [
      "savePreferences",
      "applyResolution",
      "undoResolution",
      "eraseMyAnswers",
      "decideConflict",
      "clearDecision",
      "askMemberToResolve",
      "declineResolutionRequest",
      "replanWithNewAnswers",
    ],
    // A question about conflicts or answers is a read; these words ask to change something.
    words: /\b(fix|resolve|resolution|decide|decision|apply|undo|erase|change|update|raise|lower|increase|reduce)\b/,
  },
  plan: {
    about: "the day-by-day plan: move, swap, remove, lock, add, flag, feedback, regenerate, finalize",
    tools: [
      "moveItineraryItem",
      "swapItineraryItem",
      "removeItineraryItem",
      "lockItineraryItem",
      "addItineraryActivity",
      "addCustomItineraryItem",
      "restoreItinerary",
      "flagItineraryItem",
      "suggestAddition",
      "liftFlag",
      "withdrawFeedback",
      "finalizePlan",
      "reopenPlan",
      "generateItinerary",
      "regenerateItinerary",
      "replanWithNewAnswers",
    ],
    words:
      /\b(plan|itinerary|schedule|day \d+|days?|move|swap|remove|lock|unlock|restore|activity|activities|item|flag|feedback|suggest|regenerate|finali[sz]e|reopen|morning|afternoon|evening|monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/,
  },
  agreed: {
    about: `"What we've agreed": add, edit or delete an entry`,
    tools: ["addContextEntry", "editContextEntry", "deleteContextEntry"],
    words: /\b(remember|note|agreed|agreements?|entry|forget|record|save)\b/,
  },
  destination: {
    about: "destinations: recommendations, votes, choosing or reopening",
    tools: ["generateRecommendations", "voteForDestination", "withdrawVote", "chooseDestination", "reopenDestination"],
    words: /\b(destinations?|recommend\w*|ideas|where to go|vote|votes|choose|chosen|pick)\b/,
  },
  trip: {
    about: "the trip itself: name, dates, members, leaving, deleting, email updates",
    tools: ["renameTrip", "setTripDates", "removeMember", "leaveTrip", "deleteTrip", "saveNotificationSettings"],
    words: /\b(rename|name|call (the|this|our) trip|dates?|members?|leave|delete|notifications?|emails?|updates)\b/,
  },
  costs: {
    about: "the trip's costs: expenses, who paid, splits, payments to settle up, currencies, skipping a plan item",
    tools: [
      "addExpense",
      "editExpense",
      "deleteExpense",
      "restoreExpense",
      "recordPayment",
      "undoRecordedPayment",
      "optOutOfPlanItem",
      "setMyDisplayCurrency",
      "setTripCostCurrency",
    ],
    words:
      /\b(expenses?|paid|pay|payments?|owes?|owed|split|settle\w*|costs?|spent|currency|currencies|euros?|dollars?|pounds?|yen|skip|opt(ed)? out)\b/,
  },
  devices: {
    about: "your devices, AI connections and the share link",
    tools: ["revokeDevice", "revokeAiConnection", "signOutOtherDevices", "revokeShareLink"],
    words: /\b(devices?|sign(ed)? out|log(ged)? out|phones?|laptops?|connections?|share link)\b/,
  },
} as const satisfies Record<string, { about: string; tools: readonly string[]; words: RegExp }>;

export type Area = keyof typeof AREAS;
export const AREA_NAMES = Object.keys(AREAS) as [Area, ...Area[]];

/** The tool that opens more areas for the rest of the turn. */
export const OPEN_TOOLS = "open_tools";

/** Every writing tool's area(s), for the model that needs to open one. */
export function areasOf(tool: string): Area[] {
  return AREA_NAMES.filter((a) => (AREAS[a].tools as readonly string[]).includes(tool));
}

/** The areas a request speaks of, from its words. */
export function areasFor(text: string): Area[] {
  const lower = text.toLowerCase();
  return AREA_NAMES.filter((a) => AREAS[a].words.test(lower));
}

/**
 * The tools this step sends: every tool that isn't in an area (reads, the turn's own tools),
 * plus the tools of the open areas.
 */
export function activeToolNames(all: readonly string[], open: readonly Area[]): string[] {
  const opened = new Set<string>(open.flatMap((a) => AREAS[a].tools));
  return all.filter((name) => areasOf(name).length === 0 || opened.has(name));
}

/** open_tools' description: the areas and what each holds. */
export function openToolsDescription(): string {
  const lines = AREA_NAMES.map((a) => `${a}: ${AREAS[a].about}`);
  return `Makes more tools available for the rest of this turn, when the one a request needs isn't listed. Areas: ${lines.join("; ")}.`;
}
