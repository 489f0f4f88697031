import { sql } from "drizzle-orm";
import { expect } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { redeemSignInLink } from "@/lib/db/queries/devices";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { rowsOf } from "@/lib/db/queries/trip-events";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import type { TestBrowser } from "@/test/browser";
import { answers, newTrip } from "@/test/fixtures";
import { runItinerary } from "@/test/itinerary";
import { runPipeline } from "@/test/pipeline";

/**
 * A trip where one member, Bartholomew, has put something in every place a member can: his
 * answers with distinctive values (planted below), a vote, a flag and a suggestion in his
 * words, a budget conflict the organizer asked him about and a decision naming him, a
 * second device and a personal link, and plans and packs made from his answers (with his
 * cost sheets). Olga (organizer) and Cleo answered too, so the outputs are a group's.
 */

/** What only Bartholomew wrote or chose: none of it may be anywhere once he is erased. */
export const PLANTED = {
  name: "Bartholomew",
  origin: "Winnipeg",
  notes: "Prefers trams and quiet mornings",
  hardNo: "karaoke nights",
  mustHave: "a lighthouse picnic",
  budget: { min: 1237, max: 4391 },
  flagNote: "Too early for Bartholomew's knees",
  suggestion: "a zamboni ride",
  email: "bartholomew.trams@example.org",
  aiConnection: "Tramspotter assistant",
} as const;

/** His budget as figures and as prose writes money ("$1,237"). */
const BUDGET_WORDS = [PLANTED.budget.min, PLANTED.budget.max].flatMap((n) => [String(n), n.toLocaleString("en-US")]);
/** What his answers were: gone from everywhere once he erases them. */
export const ANSWER_WORDS = [
  PLANTED.origin,
  PLANTED.notes,
  PLANTED.hardNo,
  PLANTED.mustHave,
  PLANTED.email,
  ...BUDGET_WORDS,
];

/**
 * Where his id and name stay once he erases his answers (table and JSON path): he is still a
 * member. His row, devices, AI connections, links, vote, flags and the request he was sent name
 * him, the live channel says he joined and answered, and packs say he had answered when made.
 */
export const STILL_A_MEMBER = new Set([
  "members.id",
  "members.name",
  "member_devices.member_id",
  "ai_connections.member_id",
  "sign_in_links.member_id",
  "destination_votes.member_id",
  "feedback_items.member_id",
  "feedback_items.text",
  "resolution_requests.member_id",
  // On Postgres: his requests are counted under his id (a member's allowance).
  "rate_limits.key",
  // The organizer's note on a decision names him: the organizer's words, not his answers.
  "conflict_decisions.note",
  "trip_events.data.memberId",
  "recommendations.payload.coverage.respondedIds[]",
]);

const JUNE = { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] };

export async function plantedTrip() {
  const trip = await newTrip("Group trip");
  const { tripId, organizer } = trip;
  const bartholomew = await trip.join(PLANTED.name);
  const cleo = await trip.join("Cleo");
  const save = async (who: TestBrowser, preferences: ReturnType<typeof answers>) => {
    const saved = await actions.savePreferences(who.ctx, { tripId, expectedVersion: 0, preferences });
    expect(saved.ok).toBe(true);
  };
  await save(
    organizer,
    answers({
      dates: JUNE,
      vibes: ["food", "culture"],
      origin: "Boston",
      budget: { min: 500, max: 1200, hardLimit: false },
    }),
  );
  await save(cleo, answers({ dates: JUNE, vibes: ["food"], origin: "Denver", notes: "Cleo likes night trains" }));
  await save(
    bartholomew,
    answers({
      dates: JUNE,
      vibes: ["city"],
      origin: PLANTED.origin,
      notes: PLANTED.notes,
      budget: { ...PLANTED.budget, hardLimit: false },
      hardNos: [PLANTED.hardNo],
      mustHaves: [PLANTED.mustHave],
    }),
  );
  const id = async (who: TestBrowser) => (await requireMember(who.ctx, tripId)).member.id;
  const [olgaId, bartId, cleoId] = [await id(organizer), await id(bartholomew), await id(cleo)];
  // His budget starts above Olga's: the organizer asks him about it, and notes a decision naming him.
  expect((await actions.askMemberToResolve(organizer.ctx, { tripId, memberId: bartId, conflict: "budget" })).ok).toBe(
    true,
  );
  const decided = await actions.decideConflict(organizer.ctx, {
    tripId,
    decision: { kind: "dates", start: "2027-06-12", end: "2027-06-16" },
    note: `Midweek suits ${PLANTED.name}`,
  });
  expect(decided.ok).toBe(true);

  await runPipeline(tripId);
  const stored = await latestRecommendations({ tripId });
  const option = stored?.pack.options[0];
  if (!stored || !option) throw new Error(`no options: ${stored?.pack.status}`);
  const choice = { tripId, recommendationId: stored.id, slug: option.slug };
  expect((await actions.voteForDestination(bartholomew.ctx, choice)).ok).toBe(true);
  expect((await actions.chooseDestination(organizer.ctx, choice)).ok).toBe(true);
  expect((await actions.setTripDates(organizer.ctx, { tripId, start: "2027-06-12", end: "2027-06-16" })).ok).toBe(true);
  expect((await runItinerary(tripId)).status).toBe("succeeded");
  const v1 = await currentItinerary({ tripId });
  const item = v1?.itinerary.days[1]?.items[0];
  if (!v1 || !item) throw new Error("no plan");
  const flag = { tripId, version: v1.version, itemKey: item.key, reason: "other", note: PLANTED.flagNote } as const;
  expect((await actions.flagItineraryItem(bartholomew.ctx, flag)).ok).toBe(true);
  const idea = { tripId, version: v1.version, activityId: null, text: PLANTED.suggestion };
  expect((await actions.suggestAddition(bartholomew.ctx, idea)).ok).toBe(true);
  const cleoFlag = {
    tripId,
    version: v1.version,
    itemKey: item.key,
    reason: "other",
    note: "Cleo: too early",
  } as const;
  expect((await actions.flagItineraryItem(cleo.ctx, cleoFlag)).ok).toBe(true);
  expect((await runItinerary(tripId, "regenerate")).status).toBe("succeeded");

  // A phone signed in with a one-time link, and a help link from the organizer.
  const deviceLink = await actions.createDeviceLink(bartholomew.ctx, { tripId });
  if (!deviceLink.ok) throw new Error(deviceLink.message);
  await redeemSignInLink({
    tokenHash: hashToken(deviceLink.data.devicePath.replace("/signin/", "")),
    device: { tokenHash: hashToken(newToken()), label: "Phone" },
  });
  expect((await actions.createHelpLink(organizer.ctx, { tripId, memberId: bartId })).ok).toBe(true);
  // His email address and what he hears about: private to him, and gone with his answers.
  const email = { tripId, email: PLANTED.email, topics: ["request", "vote", "plan", "final"] } as const;
  expect((await actions.saveNotificationSettings(bartholomew.ctx, email)).ok).toBe(true);
  // An AI app connected as him.
  const app = { tripId, label: PLANTED.aiConnection, scopes: ["read", "act"], days: 30 } as const;
  expect((await actions.createAiConnection(bartholomew.ctx, app)).ok).toBe(true);
  await settleLocalRuns();
  const sheets = await costSheetsOf(bartId);
  // The trip's outputs really hold his cost sheets (in packs, cards on progress rows, plans).
  expect(sheets.tables).toEqual(expect.arrayContaining(["itineraries", "progress_events", "recommendations"]));
  return { ...trip, bartholomew, cleo, olgaId, bartId, cleoId, sheets };
}

/** Every table in the database (a table added later is scanned too), with every row as JSON. */
export async function everyRow(): Promise<{ table: string; rows: unknown[] }[]> {
  const db = await getDb();
  const tables = rowsOf(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  ) as { name: string }[];
  expect(tables.length).toBeGreaterThan(15);
  const out: { table: string; rows: unknown[] }[] = [];
  for (const { name } of tables) {
    const rows = rowsOf(await db.execute(sql`select row_to_json(t) as row from ${sql.identifier(name)} t`)) as {
      row: unknown;
    }[];
    out.push({ table: name, rows: rows.map((r) => (typeof r.row === "string" ? JSON.parse(r.row) : r.row)) });
  }
  return out;
}

type Visit = (value: unknown, path: string, key: string) => void;
function walk(value: unknown, path: string, key: string, visit: Visit): void {
  visit(value, path, key);
  if (Array.isArray(value)) {
    for (const v of value) walk(v, `${path}[]`, key, visit);
  } else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) walk(v, `${path}.${k}`, k, visit);
}

/** Bartholomew's cost sheets wherever they are: each one's total, travel distance and hours from home. */
async function costSheetsOf(memberId: string) {
  const kms = new Set<number>();
  const hours = new Set<number>();
  const tables = new Set<string>();
  for (const { table, rows } of await everyRow()) {
    for (const row of rows) {
      walk(row, "", "", (v) => {
        const sheet = v as { memberId?: unknown; travel?: { km: number; hours: number } };
        if (sheet && typeof sheet === "object" && sheet.memberId === memberId && sheet.travel) {
          tables.add(table);
          // Short distances and whole hours are too common to say anything: the distinctive ones are scanned.
          if (sheet.travel.km >= 500) kms.add(sheet.travel.km);
          if (!Number.isInteger(sheet.travel.hours)) hours.add(sheet.travel.hours);
        }
      });
    }
  }
  return { kms, hours, tables: [...tables].sort() };
}

export type Hit = { table: string; path: string; found: string };

/**
 * Everything of a member found anywhere in the database: their id, name and the words
 * they planted (case-insensitive, inside any string), their budget figures (as numbers
 * anywhere), their cost sheets' distances and hours from home (anywhere). (A sheet's total
 * isn't distinctive — another member's total somewhere can be the same number — so a sheet
 * is recognised by its distance and hours, or by the id it carries.)
 */
export async function findMember(member: {
  id: string;
  words: string[];
  sheets: Awaited<ReturnType<typeof costSheetsOf>>;
}): Promise<Hit[]> {
  const hits: Hit[] = [];
  // A figure ("1237", "1,237") counts as itself, not as digits inside a hash, a timestamp or an id.
  const patterns = member.words.map((w) =>
    /^[\d,]+$/.test(w)
      ? new RegExp(`(?<![0-9A-Za-z.,:-])${w.replace(/,/g, "\\,")}(?![0-9A-Za-z])`)
      : new RegExp(w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "i"),
  );
  const budget = new Set<number>([PLANTED.budget.min, PLANTED.budget.max]);
  for (const { table, rows } of await everyRow()) {
    for (const row of rows) {
      walk(row, "", "", (v, path) => {
        const found =
          typeof v === "string"
            ? v.includes(member.id)
              ? "id"
              : member.words.find((_, i) => patterns[i]?.test(v))?.toLowerCase()
            : typeof v === "number"
              ? budget.has(v)
                ? `budget ${v}`
                : member.sheets.kms.has(v)
                  ? `travel km ${v}`
                  : member.sheets.hours.has(v)
                    ? `travel hours ${v}`
                    : undefined
              : undefined;
        if (found) hits.push({ table, path, found });
      });
    }
  }
  return hits;
}

/** Empties every table, so a scan sees one test's trip only. */
export async function emptyDatabase(): Promise<void> {
  const db = await getDb();
  const tables = rowsOf(
    await db.execute(
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    ),
  ) as { name: string }[];
  await db.execute(sql.raw(`truncate ${tables.map((t) => `"${t.name}"`).join(", ")} cascade`));
}
