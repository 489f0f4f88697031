import { z } from "zod";
import { ACCESSIBILITY, DIETARY, IsoDate, SCOPES, VIBES } from "@/lib/schemas/preferences";

/**
 * What `aggregatePreferences` computes from every member's preferences and what
 * `detectConflicts` reads. Semantics: DESIGN.md "Group preferences and aggregation".
 * Member ids are the `members.id` of the trip; names travel along so explanations can
 * say "Sam needs to add 2 days" without another lookup.
 */

const MemberId = z.string();

export const CoverageWindow = z.object({
  start: IsoDate,
  end: IsoDate,
  days: z.number().int().positive(),
  /** Respondents available on every day of the window. */
  availableIds: z.array(MemberId),
  /** Respondents missing at least one day of it. */
  missingIds: z.array(MemberId),
});
export type CoverageWindow = z.infer<typeof CoverageWindow>;

export const WidenRequest = z.object({
  memberId: MemberId,
  /** Days of the best window this member does not cover (0 = already available). */
  days: z.number().int().nonnegative(),
});
export type WidenRequest = z.infer<typeof WidenRequest>;

const WindowWithWiden = CoverageWindow.extend({ widen: z.array(WidenRequest) });
export const BestWindow = WindowWithWiden.extend({
  /** The next-smallest changes, each asking a different set of members (absent on profiles stored before). */
  alternatives: z.array(WindowWithWiden).max(2).optional(),
});
export type BestWindow = z.infer<typeof BestWindow>;

export const DatesStatus = z.enum(["overlap", "partial", "none", "flexible", "no-data"]);
export type DatesStatus = z.infer<typeof DatesStatus>;

/** A value with how many respondents chose it and who (the organizer's view; emptied for members). */
export const AttributedValue = <T extends z.ZodType>(value: T) =>
  z.object({ value, count: z.number().int().positive(), memberIds: z.array(MemberId) });

export const GroupProfile = z.object({
  members: z.array(z.object({ id: MemberId, name: z.string() })),
  respondedIds: z.array(MemberId),
  pendingIds: z.array(MemberId),
  tripLength: z.object({
    /** Max of the respondents' minimums (null without respondents). */
    minDays: z.number().int().nullable(),
    /** Min of the respondents' maximums (null without respondents). */
    maxDays: z.number().int().nullable(),
    /** L: the window length the dates are matched against. */
    windowDays: z.number().int().positive(),
    conflict: z.boolean(),
    /** Who set the binding minimum / maximum (for explanations). */
    longestMinMemberId: MemberId.nullable(),
    shortestMaxMemberId: MemberId.nullable(),
  }),
  dates: z.object({
    status: DatesStatus,
    /** Maximal runs covered by every respondent, ≥ L days, longest first then earliest. */
    overlapWindows: z.array(CoverageWindow),
    /** Without a full overlap: the L-day window covered by the most respondents. */
    best: BestWindow.nullable(),
    /** Heat map: available respondents per day from `calendar.start` (flexible members count every day). */
    calendar: z.object({ start: IsoDate, counts: z.array(z.number().int().nonnegative()) }).nullable(),
    flexibleIds: z.array(MemberId),
    /** The window the organizer decided to plan for (lib/schemas/decisions.ts), with who can make all of it. */
    decided: CoverageWindow.nullable().default(null),
  }),
  budget: z.object({
    status: z.enum(["ok", "conflict", "flexible", "no-data"]),
    /** Max of the minimums. */
    low: z.number().int().nullable(),
    /** Min of the maximums. */
    high: z.number().int().nullable(),
    /** Min max among members whose budget is a hard limit. */
    hardCap: z.number().int().nullable(),
    highestMinMemberId: MemberId.nullable(),
    lowestMaxMemberId: MemberId.nullable(),
    ranges: z.array(
      z.object({
        memberId: MemberId,
        min: z.number().int(),
        max: z.number().int(),
        hardLimit: z.boolean(),
        /** The member's own amounts (minor units) when they gave them in another currency than dollars; theirs to see. */
        own: z.object({ currency: z.string(), min: z.number().int(), max: z.number().int() }).optional(),
      }),
    ),
    flexibleIds: z.array(MemberId),
  }),
  vibes: z.object({
    counts: z.array(z.object({ vibe: z.enum(VIBES), count: z.number().int().positive() })),
    /** Respondents who chose any vibe: what `shared` and `popular` (and the chips' "of N") count against. */
    choosers: z.number().int().nonnegative().default(0),
    /** Chosen by every respondent who chose any vibe. */
    shared: z.array(z.enum(VIBES)),
    /** Chosen by at least half of them. */
    popular: z.array(z.enum(VIBES)),
  }),
  constraints: z.object({
    dietary: z.array(AttributedValue(z.enum(DIETARY))),
    accessibility: z.array(AttributedValue(z.enum(ACCESSIBILITY))),
    hardNos: z.array(AttributedValue(z.string())),
    mustHaves: z.array(AttributedValue(z.string())),
  }),
  scope: z.object({
    status: z.enum([...SCOPES, "conflict", "no-data"]),
    domesticOnlyIds: z.array(MemberId),
    internationalOnlyIds: z.array(MemberId),
    /** The organizer decided (lib/schemas/decisions.ts): everyone's own side gives way to it. */
    decided: z.enum(["domestic", "international"]).nullable().default(null),
  }),
});
export type GroupProfile = z.infer<typeof GroupProfile>;

export const ConflictKind = z.enum(["dates", "budget", "trip-length", "scope", "vibes", "constraints"]);
export const Severity = z.enum(["low", "medium", "high"]);
export type Severity = z.infer<typeof Severity>;

export const Conflict = z.object({
  kind: ConflictKind,
  severity: Severity,
  summary: z.string(),
  memberIds: z.array(MemberId),
  suggestedResolutions: z.array(z.string()),
});
export type Conflict = z.infer<typeof Conflict>;

/** A member's view shows the others' budget ranges under ids like these instead of theirs (lib/views/dashboard.ts). */
export function anonymousMemberId(index: number): string {
  return `anonymous-${index}`;
}
export function isAnonymousMemberId(id: string): boolean {
  return id.startsWith("anonymous-");
}
