import { and, eq, getTableColumns, getTableName, inArray, like, or, type SQL, sql, type Table } from "drizzle-orm";
import * as schema from "@/lib/db/schema";
import {
  decisionLogWithoutMember,
  type ErasureScope,
  itineraryWithoutMember,
  jsonWithoutMember,
  jsonWithoutName,
  optionWithoutMember,
  packWithoutMember,
} from "@/lib/erasure";
import { Itinerary } from "@/lib/schemas/itinerary";
import { DestinationOption, RecommendationsPack } from "@/lib/schemas/recommendations";

/**
 * Where member data lives, table by table and column by column (issue 25): what erasing a
 * member's answers, a member leaving or being removed, and deleting a trip do to each
 * table is read from here (lib/db/queries/erasure.ts), not found by searching text. Every
 * table of lib/db/schema.ts must have an entry (the type says so, and a test compares it
 * with the database's own list of tables and columns). A new table or column is one entry.
 */

/** One erasure of one member from one trip. */
export type Erasure = {
  tripId: string;
  memberId: string;
  /** Their display name: generated prose names members, and it goes from it. */
  name: string;
  scope: ErasureScope;
  /** Their flags and suggestions (what became of them goes from plans when they leave). */
  feedbackIds: string[];
};

/** A value holding member data inside it, rewritten by every erasure. `holds` says where (JSON paths). */
export type Rewrite = { holds: string; rewrite: (value: never, erasure: Erasure) => unknown };

export type ColumnRule =
  /** Holds nothing of any member: keys, states, times, counts, words about places. */
  | "none"
  /** Whose row it is: the row goes when they leave (and when they erase their answers, for `answers` tables). */
  | "owner"
  /** The row owner's own data: it goes with their row. */
  | "theirs"
  /** Points at a member without being theirs: cleared when that member leaves. */
  | "member-ref"
  /**
   * Holds member data the row can't be kept without (a key naming them, `normalize:<memberId>`; a memo
   * of everyone's answers): the rows the table's `drop` selects go whole.
   */
  | "row-goes"
  | Rewrite;

type ColumnsOf<T extends Table> = keyof T["_"]["columns"] & string;

/** What deleting the trip does to the table's rows of that trip. */
type OnTripDeleted =
  /** Its rows reference the trip (or a row of it) with `on delete cascade`: deleting the trip row takes them. */
  | "cascade"
  /** Not per trip (facts about places): nothing to do. */
  | "not-per-trip"
  /** Done by the erasure code named here (lib/db/queries/erasure.ts `tripDeletionSteps`). */
  | "model-spend-unnamed"
  | "rate-limits-of-trip";

export type TableDeclaration<T extends Table> =
  | { holds: "nothing"; why: string; onTripDeleted: OnTripDeleted }
  | {
      holds: "member data";
      columns: Record<ColumnsOf<T>, ColumnRule>;
      /** The rows of one trip (the rows a rewrite reads). Needed when a column is a `Rewrite`. */
      ofTrip?: (tripId: string) => SQL;
      /** Rows that go whole in this erasure (steps about the member, memos that hold everyone's answers). */
      drop?: (erasure: Erasure) => SQL | undefined;
      /** With an `owner` column: their rows go already when they erase their answers (they are the answers). */
      ownRowsAreAnswers?: boolean;
      onTripDeleted: OnTripDeleted;
    };

type SchemaTables = {
  [K in keyof typeof schema as (typeof schema)[K] extends Table ? K : never]: (typeof schema)[K];
};

export type MemberDataDeclaration = { [K in keyof SchemaTables]: TableDeclaration<SchemaTables[K]> };

const {
  members,
  memberDevices,
  signInLinks,
  aiConnections,
  preferences,
  pipelineRuns,
  runSteps,
  progressEvents,
  recommendations,
  tripEvents,
  destinationVotes,
  rateLimits,
  itineraries,
  feedbackItems,
  conflictDecisions,
  resolutionRequests,
  notificationSettings,
  notificationOutbox,
  unsubscribeLinks,
  assistantThreads,
  contextEntries,
  unmetRequests,
  expenses,
  planItemOptOuts,
} = schema;

/** The trip's runs (run steps and progress rows hang off runs). */
const runsOf = (tripId: string) =>
  sql`(select ${pipelineRuns.id} from ${pipelineRuns} where ${pipelineRuns.tripId} = ${tripId})`;

/** Prose made while they were in the trip names them: the name goes ("…and Someone a big city"). */
const unnamed = <T>(value: T, e: Erasure): T => jsonWithoutName(value, e.name) as T;

/** A typed payload rewritten by its own helper, or (an older app's payload that no longer parses) by the generic one. */
function typed<T>(
  parser: { safeParse(v: unknown): { success: true; data: T } | { success: false } },
  fix: (v: T) => T,
) {
  return (value: unknown, memberId: string): unknown => {
    const parsed = parser.safeParse(value);
    return parsed.success ? fix(parsed.data) : jsonWithoutMember(value, memberId);
  };
}

/**
 * A table whose every row is one member's: the owner column, the columns that name only the
 * trip (`keep`), and every other column — a column added later too — theirs, going with the row.
 */
function ownRow<T extends Table>(
  owner: ColumnsOf<T>,
  keep: ColumnsOf<T>[],
  table: T,
): Record<ColumnsOf<T>, ColumnRule> {
  const columns = Object.keys(getTableColumns(table)) as ColumnsOf<T>[];
  return Object.fromEntries(
    columns.map((c) => [c, c === owner ? "owner" : keep.includes(c) ? "none" : "theirs"]),
  ) as Record<ColumnsOf<T>, ColumnRule>;
}

/** A pack's or a plan's decision log: entries about the member go, and summaries that name them lose the name. */
const DECISION_LOG: Rewrite = {
  holds: "[] entries: stepId naming them (the entry goes), inputSummary/outputSummary/keyEvidence naming them",
  rewrite: (value: unknown, e: Erasure) => unnamed(decisionLogWithoutMember(value, e.memberId), e),
};

export const MEMBER_DATA: MemberDataDeclaration = {
  trips: {
    holds: "nothing",
    why: "The trip's name, description, state and pointers: the organizer's words and the group's choices, no member's.",
    onTripDeleted: "cascade",
  },
  members: {
    holds: "member data",
    // id, name, role, recovery token hash, when they joined: all theirs.
    columns: ownRow<typeof members>("id", ["tripId"], members),
    onTripDeleted: "cascade",
  },
  memberDevices: {
    holds: "member data",
    columns: ownRow<typeof memberDevices>("memberId", [], memberDevices),
    onTripDeleted: "cascade",
  },
  aiConnections: {
    holds: "member data",
    columns: ownRow<typeof aiConnections>("memberId", [], aiConnections),
    onTripDeleted: "cascade",
  },
  signInLinks: {
    holds: "member data",
    columns: ownRow<typeof signInLinks>("memberId", [], signInLinks),
    onTripDeleted: "cascade",
  },
  preferences: {
    holds: "member data",
    // Their answers: notes, home town, budget, dates, hard no's, must-haves, diet, access.
    columns: ownRow<typeof preferences>("memberId", ["tripId"], preferences),
    ownRowsAreAnswers: true,
    onTripDeleted: "cascade",
  },
  pipelineRuns: {
    holds: "member data",
    columns: {
      id: "none",
      tripId: "none",
      kind: "none",
      status: "none",
      engine: "none",
      requestedBy: "member-ref",
      input: {
        holds: "what the run was asked (cause, feedback ids, base version): any member id or name in it",
        rewrite: (value: unknown, e) => unnamed(jsonWithoutMember(value, e.memberId), e),
      },
      error: {
        holds: "message: a failure's words may name a member",
        rewrite: (value: unknown, e) => unnamed(value, e),
      },
      usage: "none",
      createdAt: "none",
      finishedAt: "none",
      // Which server process executes the run, and until when: no member data.
      leaseOwner: "none",
      leaseExpiresAt: "none",
    },
    ofTrip: (tripId) => eq(pipelineRuns.tripId, tripId),
    onTripDeleted: "cascade",
  },
  runSteps: {
    holds: "member data",
    columns: {
      runId: "none",
      stepId: "row-goes",
      // Memos: rawPreferences[] (everyone's answers), normalizedPreferences[], groupProfile (budgets,
      // ids, names), candidates[].costs[], cards.*.costs[], recommendations, itinerary.costs[],
      // costSheet.costs[], feedback[] (text), log.inputSummary/outputSummary (names).
      result: "row-goes",
      attempts: "none",
      finishedAt: "none",
    },
    // A finished run never reads its memo again, and each step holds the answers of everyone
    // the run read: on any erasure the trip's finished runs' steps go whole. (No erasure runs
    // while a run is running: lib/db/queries/erasure.ts refuses.)
    drop: (e) =>
      inArray(
        runSteps.runId,
        sql`(select ${pipelineRuns.id} from ${pipelineRuns} where ${pipelineRuns.tripId} = ${e.tripId} and ${pipelineRuns.status} <> 'running')`,
      ),
    onTripDeleted: "cascade",
  },
  progressEvents: {
    holds: "member data",
    columns: {
      id: "none",
      runId: "none",
      // `normalize:<memberId>`, `normalize-screened:<memberId>`: a step about them alone ("Reading Sam's answers").
      stepId: "row-goes",
      kind: "none",
      stage: "none",
      message: { holds: "prose naming members", rewrite: (value: string, e) => unnamed(value, e) },
      level: "none",
      detail: {
        holds:
          "card (a card step's finished row): costs[] (each member's cost sheet), costPerPerson, tradeoffs[].memberIds, impactedMemberIds, homeMemberIds, whyItFits[] (names)",
        rewrite: (value: Record<string, unknown> | null, e) => {
          if (!value?.card) return value;
          const card = typed(DestinationOption, (o) => optionWithoutMember(o, e.memberId))(value.card, e.memberId);
          return unnamed({ ...value, card }, e);
        },
      },
      createdAt: "none",
    },
    ofTrip: (tripId) => inArray(progressEvents.runId, runsOf(tripId)),
    drop: (e) => and(inArray(progressEvents.runId, runsOf(e.tripId)), like(progressEvents.stepId, `%:${e.memberId}`)),
    onTripDeleted: "cascade",
  },
  recommendations: {
    holds: "member data",
    columns: {
      id: "none",
      tripId: "none",
      runId: "none",
      version: "none",
      payload: {
        holds:
          "options[].costs[] (cost sheets), options[].costPerPerson, options[].tradeoffs[].memberIds, options[].impactedMemberIds, options[].homeMemberIds, conflictReport.conflicts[].memberIds, conflictReport.questions[].memberId, excluded[].reasons[].memberId, suggestions[].memberIds (and the text of theirs alone), flaggedMemberIds, unverifiedOriginIds, coverage.respondedIds/pendingIds (when they leave), prose naming them",
        rewrite: (value: unknown, e) =>
          unnamed(
            typed(RecommendationsPack, (p) => RecommendationsPack.parse(packWithoutMember(p, e.memberId, e.scope)))(
              value,
              e.memberId,
            ),
            e,
          ),
      },
      decisionLog: DECISION_LOG,
      createdAt: "none",
    },
    ofTrip: (tripId) => eq(recommendations.tripId, tripId),
    onTripDeleted: "cascade",
  },
  tripEvents: {
    holds: "member data",
    columns: {
      id: "none",
      tripId: "none",
      kind: "none",
      data: {
        holds:
          "memberId (member.*, preferences.*, request.changed, device.revoked), progress.stepId naming them, progress.message naming them",
        rewrite: (value: Record<string, unknown>, e) => {
          // The last event of a leaver keeps saying someone left, not who: open views already heard it (the
          // notification carried the id to close the leaver's own streams); a replay needs only the kind.
          const departed =
            e.scope === "member" && value.kind === "member.left" && value.memberId === e.memberId
              ? { kind: value.kind }
              : value;
          return unnamed(departed, e);
        },
      },
      createdAt: "none",
    },
    ofTrip: (tripId) => eq(tripEvents.tripId, tripId),
    // What they did, event by event, goes when they leave; a step about them alone goes on any erasure.
    drop: (e) =>
      and(
        eq(tripEvents.tripId, e.tripId),
        or(
          sql`${tripEvents.data}->'progress'->>'stepId' like ${`%:${e.memberId}`}`,
          e.scope === "member"
            ? sql`(${tripEvents.data}->>'memberId' = ${e.memberId} and ${tripEvents.kind} <> 'member.left')`
            : undefined,
        ),
      ),
    onTripDeleted: "cascade",
  },
  destinationVotes: {
    holds: "member data",
    columns: ownRow<typeof destinationVotes>("memberId", [], destinationVotes),
    onTripDeleted: "cascade",
  },
  modelSpend: {
    holds: "nothing",
    why: "Model calls and tokens per trip and agent: counts, no member.",
    onTripDeleted: "model-spend-unnamed",
  },
  rateLimits: {
    holds: "member data",
    // "<bucket>:<memberId>" or "<bucket>:<tripId>": when a member's requests were counted.
    columns: { key: "row-goes", points: "none", expire: "none" },
    drop: (e) => (e.scope === "member" ? like(rateLimits.key, `%${e.memberId}`) : undefined),
    onTripDeleted: "rate-limits-of-trip",
  },
  itineraries: {
    holds: "member data",
    columns: {
      id: "none",
      tripId: "none",
      version: "none",
      payload: {
        holds:
          "costs[] (cost sheets), costRange, impactedMemberIds, stretches[].memberId, feedback[] (outcomes of their flags, when they leave), pendingMemberIds (when they leave), prose naming them",
        rewrite: (value: unknown, e) =>
          unnamed(
            typed(Itinerary, (plan) =>
              Itinerary.parse(itineraryWithoutMember(plan, e.memberId, e.feedbackIds, e.scope)),
            )(value, e.memberId),
            e,
          ),
      },
      runId: "none",
      source: "none",
      basedOnVersion: "none",
      createdBy: "member-ref",
      decisionLog: DECISION_LOG,
      createdAt: "none",
    },
    ofTrip: (tripId) => eq(itineraries.tripId, tripId),
    onTripDeleted: "cascade",
  },
  feedbackItems: {
    holds: "member data",
    // Their flags and suggestions: item, reason, their words, what became of them.
    columns: ownRow<typeof feedbackItems>("memberId", ["tripId"], feedbackItems),
    onTripDeleted: "cascade",
  },
  conflictDecisions: {
    holds: "member data",
    columns: {
      id: "none",
      tripId: "none",
      kind: "none",
      decision: "none",
      note: {
        holds: "the organizer's words, which may name a member (not their answers: the name goes when they leave)",
        rewrite: (value: string, e) => (e.scope === "member" ? unnamed(value, e) : value),
      },
      decidedBy: "member-ref",
      decidedAt: "none",
    },
    ofTrip: (tripId) => eq(conflictDecisions.tripId, tripId),
    onTripDeleted: "cascade",
  },
  resolutionRequests: {
    holds: "member data",
    columns: ownRow<typeof resolutionRequests>("memberId", ["tripId"], resolutionRequests),
    onTripDeleted: "cascade",
  },
  notificationSettings: {
    holds: "member data",
    // Their email address and what they hear about: private to them, gone with their answers too.
    columns: ownRow<typeof notificationSettings>("memberId", ["tripId"], notificationSettings),
    ownRowsAreAnswers: true,
    onTripDeleted: "cascade",
  },
  notificationOutbox: {
    holds: "member data",
    // What is waiting to be emailed to them (ids and counts, never anyone's answers).
    columns: ownRow<typeof notificationOutbox>("memberId", ["tripId"], notificationOutbox),
    ownRowsAreAnswers: true,
    onTripDeleted: "cascade",
  },
  unsubscribeLinks: {
    holds: "member data",
    columns: ownRow<typeof unsubscribeLinks>("memberId", [], unsubscribeLinks),
    ownRowsAreAnswers: true,
    onTripDeleted: "cascade",
  },
  assistantThreads: {
    holds: "member data",
    // Their private conversation with the assistant: what they asked and what it read for them.
    columns: ownRow<typeof assistantThreads>("memberId", ["tripId"], assistantThreads),
    onTripDeleted: "cascade",
  },
  contextEntries: {
    holds: "member data",
    // "What we've agreed" entries they wrote (or approved from the assistant): their words go with them.
    columns: ownRow<typeof contextEntries>("authorId", ["tripId"], contextEntries),
    onTripDeleted: "cascade",
  },
  unmetRequests: {
    holds: "member data",
    // What they asked the assistant that it could not do, in one line.
    columns: ownRow<typeof unmetRequests>("memberId", ["tripId"], unmetRequests),
    onTripDeleted: "cascade",
  },
  expenses: {
    holds: "member data",
    // The group's spending: an expense stays when whoever added it leaves (others paid or shared
    // it), their id goes and their name goes from its description.
    columns: {
      id: "none",
      tripId: "none",
      description: {
        holds: "a member's words about what was bought, which may name a member (the name goes when they leave)",
        rewrite: (value: string, e) => (e.scope === "member" ? unnamed(value, e) : value),
      },
      category: "none",
      amount: "none",
      currency: "none",
      rate: "none",
      rateDate: "none",
      tripCurrency: "none",
      tripAmount: "none",
      spentOn: "none",
      splitKind: "none",
      itemKey: "none",
      createdBy: "member-ref",
      version: "none",
      deletedAt: "none",
      // A random key the sending device made: says nothing of anyone.
      clientKey: "none",
      createdAt: "none",
      updatedAt: "none",
    },
    ofTrip: (tripId) => eq(expenses.tripId, tripId),
    onTripDeleted: "cascade",
  },
  expensePayers: {
    holds: "member data",
    // Who paid: the amount stays (the others' balances depend on it), the leaver becomes "a former member".
    columns: { id: "none", expenseId: "none", memberId: "member-ref", amount: "none" },
    onTripDeleted: "cascade",
  },
  expenseShares: {
    holds: "member data",
    columns: { id: "none", expenseId: "none", memberId: "member-ref", weight: "none", amount: "none" },
    onTripDeleted: "cascade",
  },
  payments: {
    holds: "member data",
    columns: {
      id: "none",
      tripId: "none",
      fromMemberId: "member-ref",
      toMemberId: "member-ref",
      amount: "none",
      currency: "none",
      recordedBy: "member-ref",
      undoneAt: "none",
      createdAt: "none",
    },
    onTripDeleted: "cascade",
  },
  planItemOptOuts: {
    holds: "member data",
    // "I'll skip the boat tour": theirs, it goes with them.
    columns: ownRow<typeof planItemOptOuts>("memberId", ["tripId"], planItemOptOuts),
    onTripDeleted: "cascade",
  },
  destinationResearch: {
    holds: "nothing",
    why: "What research found about a place for a month, shared by every trip: nothing about anyone.",
    onTripDeleted: "not-per-trip",
  },
  destinationFacts: {
    holds: "nothing",
    why: "Facts about places by version: nothing about anyone.",
    onTripDeleted: "not-per-trip",
  },
};

/** The schema's tables by their names in the database, with their declarations. */
export function declaredTables(): { name: string; table: Table; declaration: TableDeclaration<Table> }[] {
  return Object.entries(MEMBER_DATA).map(([key, declaration]) => {
    const table = (schema as unknown as Record<string, Table>)[key] as Table;
    return { name: getTableName(table), table, declaration: declaration as TableDeclaration<Table> };
  });
}
