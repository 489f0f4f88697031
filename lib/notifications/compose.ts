import { type NotificationBody, NotificationBody as NotificationBodySchema } from "@/lib/schemas/notifications";

/**
 * One email for everything waiting for a member since their last one (pure). It is built
 * only from the outbox rows (ids, counts, a conflict's kind), the member's own name, the
 * trip's name and the member's own standing in the costs, so it can't carry anyone's answers.
 */

export type Digest = { subject: string; text: string };

const CONFLICT_WORDS = {
  dates: "the dates",
  budget: "the budget",
  "trip-length": "how long the trip is",
  scope: "going abroad or staying in the country",
  vibes: "what kind of trip it is",
  constraints: "the group's needs and hard no's",
} as const;

function line(body: NotificationBody, links: { dashboard: string; plan: string }): string {
  switch (body.topic) {
    case "request":
      return `The organizer asks you to look at ${CONFLICT_WORDS[body.conflict]}: only your answers can fix it. ${links.dashboard}`;
    case "vote":
      return `${body.options} destination ideas are ready: vote for the one you like. ${links.dashboard}`;
    case "plan":
      return `${body.version === 1 ? "The plan is ready" : `Version ${body.version} of the plan is ready`}: have a look and flag anything that doesn't work for you. ${links.plan}`;
    case "final":
      return `The plan is final. ${links.plan}`;
  }
}

function subjectOf(body: NotificationBody): string {
  switch (body.topic) {
    case "request":
      return "Your turn: the organizer asks you to look at something";
    case "vote":
      return "Your turn: vote on the destination ideas";
    case "plan":
      return "Your turn: the plan is ready to look at";
    case "final":
      return "The plan is final";
  }
}

export function composeDigest({
  memberName,
  tripName,
  bodies,
  links,
  costs = null,
}: {
  memberName: string;
  tripName: string;
  bodies: unknown[];
  links: { dashboard: string; plan: string; costs?: string; unsubscribe: string };
  /** What the member owes or is owed in the trip's costs ("You owe €12.50 in all."); null: even. */
  costs?: string | null;
}): Digest {
  const parsed = bodies.map((b) => NotificationBodySchema.parse(b));
  const [first] = parsed;
  const subject =
    parsed.length === 1 && first ? `${subjectOf(first)} · ${tripName}` : `${parsed.length} updates for ${tripName}`;
  const text = [
    `Hi ${memberName},`,
    "",
    parsed.length === 1 ? `News from ${tripName}:` : `What happened in ${tripName} since our last email:`,
    "",
    ...parsed.map((body) => `- ${line(body, links)}`),
    ...(costs ? [`- Costs: ${costs}${links.costs ? ` ${links.costs}` : ""}`] : []),
    "",
    "You get at most one email every 15 minutes from this trip; anything in between waits for the next one.",
    `Stop these emails: ${links.unsubscribe}`,
    "Choose what you hear about on the trip's dashboard.",
  ].join("\n");
  return { subject, text };
}
