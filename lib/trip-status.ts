/**
 * The trip's lifecycle, in one table (DESIGN.md "Trip lifecycle"):
 *
 *   collecting → recommending → planning → finalized
 *
 * plus the reversals the organizer may take. Each transition names the statuses it may
 * start from and whether it is refused while a run is active. `lib/db/queries/trips.ts`
 * applies it in the same transaction as the write it guards, with the trip row locked,
 * so two tabs can't slip past it.
 */

export const TRIP_STATUSES = ["collecting", "recommending", "planning", "finalized"] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

export type Transition = {
  from: readonly TripStatus[];
  to: TripStatus;
  /** Refused while any pipeline run of the trip is running. */
  idle: boolean;
  /** What the organizer is told when the trip isn't in a state that allows it. */
  refusal: string;
};

export const TRANSITIONS = {
  /** Generate (or regenerate) destination ideas. */
  recommend: {
    from: ["collecting", "recommending"],
    to: "recommending",
    idle: false,
    refusal: "A destination is already chosen. Reopen the destination choice to ask for new ideas.",
  },
  /** The organizer picks one of the options. */
  choose: {
    from: ["collecting", "recommending"],
    to: "planning",
    idle: true,
    refusal: "A destination is already chosen for this trip.",
  },
  /** Back from planning to the destination ideas; plans and feedback are kept. */
  reopenChoice: {
    from: ["planning"],
    to: "recommending",
    idle: true,
    refusal: "There is no destination choice to reopen.",
  },
  /** Anything that changes the plan while planning: dates, a generation, a regeneration, a restore, an edit. */
  plan: {
    from: ["planning"],
    to: "planning",
    idle: false,
    refusal:
      "The plan can change only while the trip is being planned (after a destination is chosen, before it is finalized).",
  },
  /** The plan is final; reopening returns it to planning. */
  finalize: {
    from: ["planning"],
    to: "finalized",
    idle: true,
    refusal: "Only a trip that is being planned can be finalized.",
  },
  reopenPlan: {
    from: ["finalized"],
    to: "planning",
    idle: true,
    refusal: "Only a finalized plan can be reopened.",
  },
} as const satisfies Record<string, Transition>;

export type TransitionName = keyof typeof TRANSITIONS;

export const BUSY_REFUSAL =
  "Something is being generated for this trip right now. Wait for it to finish, then try again.";

export function canTransition(status: TripStatus, name: TransitionName): boolean {
  return (TRANSITIONS[name].from as readonly TripStatus[]).includes(status);
}
