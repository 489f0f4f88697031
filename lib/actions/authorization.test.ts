import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import type { ActionResult } from "@/lib/actions/define";
import { runTool, TOOLS } from "@/lib/assistant/registry";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { getDb } from "@/lib/db/client";
import { insertExpense, insertPayment, setExpenseDeleted } from "@/lib/db/queries/costs";
import { redeemSignInLink } from "@/lib/db/queries/devices";
import { listFeedback } from "@/lib/db/queries/feedback";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { addDevice, listMembersWithPreferences } from "@/lib/db/queries/members";
import { getPreferences } from "@/lib/db/queries/preferences";
import { latestRecommendations } from "@/lib/db/queries/recommendations";
import { saveRequest } from "@/lib/db/queries/requests";
import {
  aiConnections,
  conflictDecisions,
  contextEntries,
  destinationVotes,
  expenses,
  feedbackItems,
  itineraries,
  memberDevices,
  members,
  notificationSettings,
  payments,
  pipelineRuns,
  planItemOptOuts,
  preferences,
  recommendations,
  resolutionRequests,
  trips,
} from "@/lib/db/schema";
import { factsFor } from "@/lib/facts";
import { settleLocalRuns } from "@/lib/pipeline/local-runner";
import { applyHandEdit, type HandEdit } from "@/lib/planning/hand-edits";
import { AI_SCOPES } from "@/lib/schemas/ai-connections";
import { SLOTS } from "@/lib/schemas/itinerary";
import { browser, type TestBrowser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";
import { startMcpServer } from "@/test/mcp-server";
import { runPipeline } from "@/test/pipeline";

withTestDatabase();
// The matrix calls every action as each caller, and every tool through one AI connection, in well
// under a minute — more than the default save and MCP limits allow (lib/limits/rate.ts; they have
// their own tests, lib/limits/limits.test.ts).
process.env.RATE_LIMIT_MCP = "1000/60";
process.env.RATE_LIMIT_SAVE = "1000/60";

/**
 * Every action × every kind of caller. Only the allowed cells succeed; a refused call
 * leaves the database exactly as it was. The `Record` type makes a new action without
 * a row here a compile error.
 */
type Who = "no cookie" | "member of another trip" | "helped device" | "member" | "organizer";
/** "helped device": signed in with a help link the organizer made, not yet shown to be its member's. */
const WHO: Who[] = ["no cookie", "member of another trip", "helped device", "member", "organizer"];
type Trip = Awaited<ReturnType<typeof newTrip>>;

interface Row {
  allowed: Who[];
  /** The input for a call on `trip`; called once per cell, so it may create what it needs. */
  input(trip: Trip, who: Who): Promise<unknown> | unknown;
  /** Who calls, when not the shared browser of `who` (an action that would spend it, like leaving). */
  caller?(trip: Trip, who: Who): Promise<TestBrowser>;
  /** A refusal other than the usual one (`forbidden:organizer` for a member, `not_found:trip` outside). */
  refusal?: Partial<Record<Who, { code: string; message: RegExp }>>;
}

const EVERYONE = WHO;
const ALREADY_CONFIRMED = { code: "conflict:device-confirmed", message: /already signed in/ };
const MEMBERS: Who[] = ["member", "organizer"];
const ORGANIZER: Who[] = ["organizer"];

const matrix: Record<keyof typeof actions, Row> = {
  createTrip: { allowed: EVERYONE, input: () => ({ tripName: "New", organizerName: "Someone" }) },
  createDemoTrip: { allowed: EVERYONE, input: () => ({}) },
  joinTrip: {
    allowed: EVERYONE,
    input: async (trip, who) => ({ inviteToken: await trip.inviteToken(), name: `Joiner ${who}` }),
  },
  saveNotificationSettings: {
    allowed: MEMBERS,
    input: (trip, who) => ({ tripId: trip.tripId, email: `${who.replaceAll(" ", "-")}@example.com`, topics: ["vote"] }),
  },
  savePreferences: {
    allowed: MEMBERS,
    input: (trip) => ({ tripId: trip.tripId, expectedVersion: 0, preferences: answers() }),
  },
  // The caller wants to stay domestic and someone else to go abroad: "either is fine" is the caller's own fix.
  applyResolution: {
    allowed: MEMBERS,
    input: async (trip, who) => ({
      tripId: trip.tripId,
      resolutionId: "scope:either",
      expectedVersion: MEMBERS.includes(who) ? await scopeConflictFor(trip, who) : 1,
    }),
  },
  undoResolution: {
    allowed: MEMBERS,
    input: async (trip, who) => ({
      tripId: trip.tripId,
      before: { scope: "domestic" },
      expectedVersion: MEMBERS.includes(who) ? await ownVersion(trip, who) : 1,
    }),
  },
  decideConflict: {
    allowed: ORGANIZER,
    input: (trip) => ({
      tripId: trip.tripId,
      decision: { kind: "dates", start: "2027-06-12", end: "2027-06-15" },
      note: "Kim joins for 2 days",
    }),
  },
  clearDecision: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId, kind: "dates" }) },
  addContextEntry: {
    allowed: MEMBERS,
    input: (trip) => ({ tripId: trip.tripId, kind: "decided", text: "We fly out on Friday evening" }),
  },
  // An entry the organizer wrote: only they (its author, and the organizer) may change it.
  editContextEntry: {
    allowed: ORGANIZER,
    input: async (trip) => ({
      tripId: trip.tripId,
      entryId: await organizersEntry(trip),
      kind: "booking",
      text: "Flights booked for Friday",
    }),
    refusal: { member: { code: "forbidden:context-entry", message: /wrote it or the organizer/ } },
  },
  deleteContextEntry: {
    allowed: ORGANIZER,
    input: async (trip) => ({ tripId: trip.tripId, entryId: await organizersEntry(trip) }),
    refusal: { member: { code: "forbidden:context-entry", message: /wrote it or the organizer/ } },
  },
  // Costs. The trip's currency first: it is fixed once an expense is recorded.
  setTripCostCurrency: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId, currency: "EUR" }) },
  addExpense: { allowed: MEMBERS, input: (trip) => ({ tripId: trip.tripId, ...DINNER }) },
  editExpense: {
    allowed: MEMBERS,
    input: async (trip) => ({ tripId: trip.tripId, ...DINNER, amount: "90", ...(await organizersExpense(trip)) }),
  },
  deleteExpense: {
    allowed: MEMBERS,
    input: async (trip) => ({ tripId: trip.tripId, ...(await organizersExpense(trip)) }),
  },
  restoreExpense: {
    allowed: MEMBERS,
    input: async (trip) => {
      const { expenseId, version } = await organizersExpense(trip);
      const { fromMemberId } = await organizerAndMember(trip);
      await setExpenseDeleted({ tripId: trip.tripId, expenseId, memberId: fromMemberId, deleted: true, version });
      return { tripId: trip.tripId, expenseId };
    },
  },
  recordPayment: {
    allowed: MEMBERS,
    input: async (trip) => ({ tripId: trip.tripId, ...(await organizerAndMember(trip)), amount: "20" }),
  },
  undoRecordedPayment: {
    allowed: MEMBERS,
    input: async (trip) => {
      const pair = await organizerAndMember(trip);
      const paid = await insertPayment({
        tripId: trip.tripId,
        recordedBy: pair.fromMemberId,
        ...pair,
        amount: 500,
        currency: "EUR",
      });
      return { tripId: trip.tripId, paymentId: paid.id };
    },
  },
  setMyDisplayCurrency: { allowed: MEMBERS, input: (trip) => ({ tripId: trip.tripId, currency: "JPY" }) },
  // After the undo above, the callers want to stay domestic and "Abroad member" wants to go abroad.
  askMemberToResolve: {
    allowed: ORGANIZER,
    input: async (trip) => ({ tripId: trip.tripId, memberId: await memberIdNamed("Abroad member"), conflict: "scope" }),
  },
  // Each allowed caller has been asked about the scope (the organizer can't ask themselves: stored directly).
  declineResolutionRequest: {
    allowed: MEMBERS,
    input: async (trip, who) => {
      if (MEMBERS.includes(who)) {
        const { member } = await requireMember(callers[who].clone().ctx, trip.tripId);
        await saveRequest({ tripId: trip.tripId, memberId: member.id, conflict: "scope" });
      }
      return { tripId: trip.tripId, conflict: "scope" };
    },
  },
  rotateInviteLink: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId }) },
  // The name stays "Matrix": deleting the trip at the end confirms it.
  renameTrip: {
    allowed: ORGANIZER,
    input: (trip, who) => ({ tripId: trip.tripId, name: "Matrix", description: `Renamed by ${who}` }),
  },
  createRecoveryLink: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId }) },
  removeMember: {
    allowed: ORGANIZER,
    input: async (trip, who) => {
      await trip.join(`Leaving ${who}`);
      const db = await getDb();
      const [victim] = await db
        .select()
        .from(members)
        .where(eq(members.name, `Leaving ${who}`));
      return { tripId: trip.tripId, memberId: victim?.id };
    },
  },
  createHelpLink: {
    allowed: ORGANIZER,
    input: async (trip) => ({
      tripId: trip.tripId,
      memberId: (await requireMember(callers.member.ctx, trip.tripId)).member.id,
    }),
  },
  // Only a device awaiting proof may confirm or start over: each allowed cell gets a fresh one of Hana's.
  confirmHelpedDevice: {
    allowed: ["helped device"],
    input: (trip) => ({ tripId: trip.tripId, homeTown: "porto" }),
    caller: (trip, who) => (who === "helped device" ? helpedDevice(trip, "Hana") : Promise.resolve(callers[who])),
    refusal: { member: ALREADY_CONFIRMED, organizer: ALREADY_CONFIRMED },
  },
  startOverOnHelpedDevice: {
    allowed: ["helped device"],
    input: (trip) => ({ tripId: trip.tripId, confirm: true }),
    caller: (trip, who) => (who === "helped device" ? helpedDevice(trip, "Hana") : Promise.resolve(callers[who])),
    refusal: { member: ALREADY_CONFIRMED, organizer: ALREADY_CONFIRMED },
  },
  renewPersonalLink: { allowed: MEMBERS, input: (trip) => ({ tripId: trip.tripId }) },
  createAiConnection: {
    allowed: MEMBERS,
    input: (trip) => ({ tripId: trip.tripId, label: "Claude on my laptop", scopes: ["read", "act"], days: 7 }),
  },
  // Each allowed caller revokes a connection of their own; the others try the member's.
  revokeAiConnection: {
    allowed: MEMBERS,
    input: async (trip, who) => {
      const owner = callers[MEMBERS.includes(who) ? who : "member"];
      const made = await actions.createAiConnection(owner.clone().ctx, {
        tripId: trip.tripId,
        label: `For ${who}`,
        scopes: ["read"],
        days: 1,
      });
      if (!made.ok) throw new Error(made.message);
      return { tripId: trip.tripId, connectionId: made.data.connectionId };
    },
  },
  createDeviceLink: { allowed: MEMBERS, input: (trip) => ({ tripId: trip.tripId }) },
  // Each allowed caller has a spare device to sign out.
  signOutOtherDevices: {
    allowed: MEMBERS,
    input: async (trip, who) => {
      if (MEMBERS.includes(who)) {
        const { member } = await requireMember(callers[who].clone().ctx, trip.tripId);
        await addDevice({ memberId: member.id, tokenHash: hashToken(newToken()), label: "Old tablet" });
      }
      return { tripId: trip.tripId };
    },
  },
  revokeDevice: {
    allowed: MEMBERS,
    // Each allowed caller revokes another device of their own; the others try one of the member's.
    input: async (trip, who) => {
      const owner = callers[MEMBERS.includes(who) ? who : "member"];
      const { member } = await requireMember(owner.ctx, trip.tripId);
      const device = await addDevice({ memberId: member.id, tokenHash: hashToken(newToken()), label: "Spare phone" });
      return { tripId: trip.tripId, deviceId: device.id };
    },
  },
  generateRecommendations: {
    allowed: ORGANIZER,
    // Generate needs the organizer's own answers (refused otherwise, for every caller alike).
    input: async (trip) => {
      await answerAsOrganizer(trip);
      return { tripId: trip.tripId };
    },
  },
  voteForDestination: {
    allowed: MEMBERS,
    input: async (trip) => ({ tripId: trip.tripId, ...(await firstOption(trip.tripId)) }),
  },
  withdrawVote: {
    allowed: MEMBERS,
    input: async (trip) => ({
      tripId: trip.tripId,
      recommendationId: (await firstOption(trip.tripId)).recommendationId,
    }),
  },
  chooseDestination: {
    allowed: ORGANIZER,
    input: async (trip) => ({ tripId: trip.tripId, ...(await firstOption(trip.tripId)) }),
  },
  setTripDates: {
    allowed: ORGANIZER,
    input: (trip) => ({ tripId: trip.tripId, start: "2027-06-14", end: "2027-06-18" }),
  },
  generateItinerary: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId }) },
  flagItineraryItem: {
    allowed: MEMBERS,
    input: async (trip) => {
      const plan = await currentPlan(trip.tripId);
      return { tripId: trip.tripId, version: plan.version, itemKey: plan.itemKey, reason: "not-my-thing", note: "" };
    },
  },
  // Skipping an item takes one of the current plan's (an unknown key is refused for everyone).
  optOutOfPlanItem: {
    allowed: MEMBERS,
    input: async (trip) => ({ tripId: trip.tripId, itemKey: (await currentPlan(trip.tripId)).itemKey, optedOut: true }),
  },
  suggestAddition: {
    allowed: MEMBERS,
    input: async (trip) => ({
      tripId: trip.tripId,
      version: (await currentPlan(trip.tripId)).version,
      activityId: null,
      text: "a cooking class",
    }),
  },
  withdrawFeedback: {
    allowed: MEMBERS,
    // Each allowed caller withdraws a suggestion of their own; the others try the member's.
    input: async (trip, who) => {
      const author = callers[MEMBERS.includes(who) ? who : "member"];
      const plan = await currentPlan(trip.tripId);
      const made = await actions.suggestAddition(author.clone().ctx, {
        tripId: trip.tripId,
        version: plan.version,
        activityId: null,
        text: `something for ${who}`,
      });
      if (!made.ok) throw new Error(made.message);
      return { tripId: trip.tripId, feedbackId: made.data.feedbackId };
    },
  },
  regenerateItinerary: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId }) },
  // Someone answers after the regeneration above: the organizer's cell finds the plan out of date.
  replanWithNewAnswers: {
    allowed: ORGANIZER,
    input: async (trip, who) => {
      await settleLocalRuns();
      if (who === "organizer") {
        const late = await trip.join("Late answerer");
        const saved = await actions.savePreferences(late.ctx, {
          tripId: trip.tripId,
          expectedVersion: 0,
          preferences: answers({ vibes: ["nature"] }),
        });
        if (!saved.ok) throw new Error(saved.message);
      }
      return { tripId: trip.tripId };
    },
  },
  liftFlag: {
    allowed: ORGANIZER,
    // A member's flag in force on the plan (made once; the same one for every caller until lifted).
    input: async (trip) => {
      const plan = await currentPlan(trip.tripId);
      const made = await actions.flagItineraryItem(callers.member.clone().ctx, {
        tripId: trip.tripId,
        version: plan.version,
        itemKey: plan.itemKey,
        reason: "not-my-thing",
        note: "",
      });
      const open = (await listFeedback({ tripId: trip.tripId })).find((f) => f.kind === "flag" && f.status === "open");
      const feedbackId = made.ok ? made.data.feedbackId : open?.id;
      if (!feedbackId) throw new Error("no flag to lift");
      return { tripId: trip.tripId, feedbackId, reason: "We booked it already" };
    },
  },
  restoreItinerary: {
    allowed: ORGANIZER,
    input: async (trip) => {
      await settleLocalRuns();
      // Yes to lifting any flag version 1 has an item of (the liftFlag row flags one).
      return { tripId: trip.tripId, version: 1, liftFlags: true };
    },
  },
  removeItineraryItem: {
    allowed: ORGANIZER,
    input: async (trip) => {
      const plan = await currentPlan(trip.tripId);
      return { tripId: trip.tripId, version: plan.version, itemKey: plan.itemKey };
    },
  },
  moveItineraryItem: {
    allowed: ORGANIZER,
    input: async (trip) => ({ tripId: trip.tripId, ...(await feasibleMove(trip.tripId)) }),
  },
  addItineraryActivity: {
    allowed: ORGANIZER,
    input: async (trip) => ({ tripId: trip.tripId, ...(await feasibleAddition(trip.tripId)) }),
  },
  swapItineraryItem: {
    allowed: ORGANIZER,
    input: async (trip) => ({ tripId: trip.tripId, ...(await feasibleSwap(trip.tripId)) }),
  },
  addCustomItineraryItem: {
    allowed: ORGANIZER,
    input: async (trip) => ({ tripId: trip.tripId, ...(await feasibleCustomItem(trip.tripId)) }),
  },
  lockItineraryItem: {
    allowed: ORGANIZER,
    input: async (trip) => {
      const plan = await currentPlan(trip.tripId);
      return { tripId: trip.tripId, version: plan.version, itemKey: plan.itemKey, locked: true };
    },
  },
  createShareLink: {
    allowed: ORGANIZER,
    input: async (trip) => {
      await settleLocalRuns();
      return { tripId: trip.tripId };
    },
  },
  revokeShareLink: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId }) },
  finalizePlan: {
    allowed: ORGANIZER,
    input: async (trip) => {
      await settleLocalRuns();
      return { tripId: trip.tripId };
    },
  },
  // The organizer's finalize above is what there is to reopen.
  reopenPlan: { allowed: ORGANIZER, input: (trip) => ({ tripId: trip.tripId }) },
  reopenDestination: {
    allowed: ORGANIZER,
    input: async (trip) => {
      await settleLocalRuns();
      return { tripId: trip.tripId };
    },
  },
  // Each allowed caller erases their own answers.
  eraseMyAnswers: { allowed: MEMBERS, input: (trip) => ({ tripId: trip.tripId }) },
  // A member who joined for it leaves (Mia stays for the rows below); the organizer can't leave.
  leaveTrip: {
    allowed: ["member"],
    input: async (trip) => {
      await settleLocalRuns();
      return { tripId: trip.tripId, confirm: true };
    },
    caller: async (trip, who) => (who === "member" ? trip.join("Leaving for good") : callers[who]),
    refusal: { organizer: { code: "forbidden:organizer-leave", message: /delete the trip/i } },
  },
  // Last: the organizer's cell (the last caller) deletes the matrix trip.
  deleteTrip: {
    allowed: ORGANIZER,
    input: async (trip) => {
      await settleLocalRuns();
      return { tripId: trip.tripId, confirmName: "Matrix" };
    },
  },
};

/** The organizer's answers, saved once (Generate refuses without them). */
async function answerAsOrganizer(trip: Trip): Promise<void> {
  const { member } = await requireMember(trip.organizer.ctx, trip.tripId);
  if (await getPreferences({ memberId: member.id })) return;
  const saved = await actions.savePreferences(trip.organizer.clone().ctx, {
    tripId: trip.tripId,
    expectedVersion: 0,
    preferences: answers(),
  });
  if (!saved.ok) throw new Error(saved.message);
}

/** The caller's answers say "domestic" and a newcomer's "international"; returns the caller's answers' version. */
async function scopeConflictFor(trip: Trip, who: Who): Promise<number> {
  const abroad = await trip.join(`Abroad ${who}`);
  const saved = await actions.savePreferences(abroad.ctx, {
    tripId: trip.tripId,
    expectedVersion: 0,
    preferences: answers({ scope: "international" }),
  });
  if (!saved.ok) throw new Error(saved.message);
  const caller = callers[who].clone();
  const expectedVersion = await ownVersion(trip, who);
  const current = await getPreferences({ memberId: (await requireMember(caller.ctx, trip.tripId)).member.id });
  const mine = await actions.savePreferences(caller.ctx, {
    tripId: trip.tripId,
    expectedVersion,
    preferences: { ...(current?.data ?? answers()), scope: "domestic" },
  });
  if (!mine.ok) throw new Error(mine.message);
  return mine.data.version;
}

/** An expense the matrix adds (€84 dinner, split among everyone). */
const DINNER = {
  description: "Dinner",
  amount: "84",
  currency: "EUR",
  category: "food",
  spentOn: "2026-07-14",
  split: { kind: "equal" },
};

/**
 * An expense the organizer added, to edit or delete: written straight to the database, so the
 * matrix's own set-up doesn't spend the organizer's save limit.
 */
async function organizersExpense(trip: Trip): Promise<{ expenseId: string; version: number }> {
  const { fromMemberId: organizer } = await organizerAndMember(trip);
  const row = await insertExpense({
    tripId: trip.tripId,
    memberId: organizer,
    write: {
      description: "Dinner",
      category: "food",
      amount: 8400,
      currency: "EUR",
      rate: "1",
      rateDate: "2026-11-30",
      tripCurrency: "EUR",
      tripAmount: 8400,
      spentOn: "2026-07-14",
      splitKind: "equal",
      itemKey: null,
      payers: [{ memberId: organizer, amount: 8400 }],
      shares: [{ memberId: organizer, weight: null, amount: 8400 }],
    },
  });
  return { expenseId: row.id, version: row.version };
}

/** A payment from the organizer to another member of the trip. */
async function organizerAndMember(trip: Trip): Promise<{ fromMemberId: string; toMemberId: string }> {
  const group = await listMembersWithPreferences({ tripId: trip.tripId });
  const organizer = group.find((m) => m.role === "organizer");
  const other = group.find((m) => m.role === "member");
  if (!organizer || !other) throw new Error("the matrix trip should have a member");
  return { fromMemberId: organizer.id, toMemberId: other.id };
}

/** The id of the member with this name (names are unique in the matrix trips). */
/** A "What we've agreed" entry written by the trip's organizer. */
async function organizersEntry(trip: Trip): Promise<string> {
  const db = await getDb();
  const [organizer] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tripId, trip.tripId), eq(members.role, "organizer")));
  if (!organizer) throw new Error("no organizer");
  const [row] = await db
    .insert(contextEntries)
    .values({ tripId: trip.tripId, authorId: organizer.id, kind: "decided", text: "Lisbon it is" })
    .returning({ id: contextEntries.id });
  if (!row) throw new Error("no entry");
  return row.id;
}

async function memberIdNamed(name: string): Promise<string> {
  const db = await getDb();
  const [row] = await db.select({ id: members.id }).from(members).where(eq(members.name, name));
  if (!row) throw new Error(`no member ${name}`);
  return row.id;
}

/** The version of the caller's own answers (0: none yet). */
async function ownVersion(trip: Trip, who: Who): Promise<number> {
  const { member } = await requireMember(callers[who].clone().ctx, trip.tripId);
  return (await getPreferences({ memberId: member.id }))?.version ?? 0;
}

/** The trip's current plan (waiting for a generation in the background) and an item of it. */
async function currentPlan(tripId: string): Promise<{ version: number; itemKey: string; day: number; slot: string }> {
  await settleLocalRuns();
  const current = await currentItinerary({ tripId });
  const day = current?.itinerary.days.find((d) => d.items.length > 0);
  const item = day?.items[0];
  if (!current || !day || !item) throw new Error("the matrix trip should have a plan");
  return { version: current.version, itemKey: item.key, day: day.day, slot: item.slot };
}

/** The current plan and what a hand edit of it is judged against (waiting for a generation in the background). */
async function editContext(tripId: string) {
  await settleLocalRuns();
  const current = await currentItinerary({ tripId });
  const db = await getDb();
  const [trip] = await db.select().from(trips).where(eq(trips.id, tripId));
  const facts = factsFor(current?.itinerary.destination.slug ?? "");
  if (!current || !trip || !facts) throw new Error("the matrix trip should have a plan");
  const group = await listMembersWithPreferences({ tripId });
  const ctx = {
    facts,
    members: group.map(({ id, name, preferences }) => ({ id, name, preferences })),
    dates: trip.startDate && trip.endDate ? { start: trip.startDate, end: trip.endDate } : null,
    today: new Date().toISOString().slice(0, 10),
    now: new Date(),
  };
  /** Whether the edit goes through on the current plan. */
  const works = (edit: HandEdit) => {
    try {
      applyHandEdit(current.itinerary, edit, ctx);
      return true;
    } catch {
      return false;
    }
  };
  return { current, facts, works };
}

/** An activity the organizer can add to the current plan, and where (the first place the edit goes through). */
async function feasibleAddition(tripId: string) {
  const { current, facts, works } = await editContext(tripId);
  for (const a of facts.activities)
    for (const day of current.itinerary.days)
      for (const slot of SLOTS)
        if (works({ kind: "add", activityId: a.id, day: day.day, slot }))
          return { version: current.version, activityId: a.id, day: day.day, slot };
  throw new Error("nothing can be added to the matrix trip's plan");
}

/** An item of the current plan and somewhere else it can go. */
async function feasibleMove(tripId: string) {
  const { current, works } = await editContext(tripId);
  for (const from of current.itinerary.days)
    for (const item of from.items)
      for (const day of current.itinerary.days)
        for (const slot of SLOTS)
          if (
            (day.day !== from.day || slot !== item.slot) &&
            works({ kind: "move", itemKey: item.key, day: day.day, slot })
          )
            return { version: current.version, itemKey: item.key, day: day.day, slot };
  throw new Error("nothing in the matrix trip's plan can be moved");
}

/** An item of the current plan and an activity that can take its place. */
async function feasibleSwap(tripId: string) {
  const { current, facts, works } = await editContext(tripId);
  for (const item of current.itinerary.days.flatMap((d) => d.items))
    for (const a of facts.activities)
      if (works({ kind: "swap", itemKey: item.key, activityId: a.id }))
        return { version: current.version, itemKey: item.key, activityId: a.id };
  throw new Error("nothing in the matrix trip's plan can be swapped");
}

/** Where the organizer's own item fits in the current plan. */
async function feasibleCustomItem(tripId: string) {
  const { current, works } = await editContext(tripId);
  const custom = { title: "Dinner at Ana's", costPerPerson: 25, note: "She cooks." };
  for (const day of current.itinerary.days)
    for (const slot of SLOTS)
      if (works({ kind: "custom", key: "c:probe", day: day.day, slot, ...custom }))
        return { version: current.version, day: day.day, slot, ...custom };
  throw new Error("no room for a custom item in the matrix trip's plan");
}

/** The first option of the trip's recommendations, generating them (offline model) the first time. */
async function firstOption(tripId: string): Promise<{ recommendationId: string; slug: string }> {
  let stored = await latestRecommendations({ tripId });
  if (!stored) {
    await runPipeline(tripId);
    stored = await latestRecommendations({ tripId });
  }
  const slug = stored?.pack.options[0]?.slug;
  if (!stored || !slug) throw new Error("the matrix trip should get recommendations");
  return { recommendationId: stored.id, slug };
}

/** Everything a refused call must not change. */
async function fingerprint(tripId: string) {
  const db = await getDb();
  const [trip] = await db.select().from(trips).where(eq(trips.id, tripId));
  const memberRows = await db.select().from(members).where(eq(members.tripId, tripId)).orderBy(members.id);
  const prefRows = await db
    .select()
    .from(preferences)
    .where(eq(preferences.tripId, tripId))
    .orderBy(preferences.memberId);
  const [tripCount] = await db.select({ n: count() }).from(trips);
  const runs = await db.select().from(pipelineRuns).where(eq(pipelineRuns.tripId, tripId)).orderBy(pipelineRuns.id);
  const recs = await db
    .select({ id: recommendations.id })
    .from(recommendations)
    .where(eq(recommendations.tripId, tripId));
  const votes = await db.select().from(destinationVotes).orderBy(destinationVotes.memberId);
  const plans = await db.select({ id: itineraries.id }).from(itineraries).where(eq(itineraries.tripId, tripId));
  const feedback = await db
    .select()
    .from(feedbackItems)
    .where(eq(feedbackItems.tripId, tripId))
    .orderBy(feedbackItems.id);
  const decisions = await db.select().from(conflictDecisions).where(eq(conflictDecisions.tripId, tripId));
  const requests = await db
    .select()
    .from(resolutionRequests)
    .where(eq(resolutionRequests.tripId, tripId))
    .orderBy(resolutionRequests.id);
  const devices = await db
    .select({ id: memberDevices.id })
    .from(memberDevices)
    .innerJoin(members, eq(members.id, memberDevices.memberId))
    .where(eq(members.tripId, tripId))
    .orderBy(memberDevices.id);
  const connections = await db
    .select({ id: aiConnections.id })
    .from(aiConnections)
    .innerJoin(members, eq(members.id, aiConnections.memberId))
    .where(eq(members.tripId, tripId))
    .orderBy(aiConnections.id);
  const notifications = await db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.tripId, tripId))
    .orderBy(notificationSettings.memberId);
  const expenseRows = await db.select().from(expenses).where(eq(expenses.tripId, tripId)).orderBy(expenses.id);
  const paymentRows = await db.select().from(payments).where(eq(payments.tripId, tripId)).orderBy(payments.id);
  const optOutRows = await db.select().from(planItemOptOuts).where(eq(planItemOptOuts.tripId, tripId));
  return {
    trip,
    memberRows,
    prefRows,
    expenseRows,
    paymentRows,
    optOutRows,
    tripCount,
    runs,
    recs,
    votes,
    plans,
    feedback,
    devices,
    connections,
    decisions,
    requests,
    notifications,
  };
}

/** The refusal when a row names no other: the organizer's actions for a member, nothing at all for strangers. */
const usualRefusal: Record<Who, string> = {
  "no cookie": "not_found:trip",
  "member of another trip": "not_found:trip",
  "helped device": "forbidden:unconfirmed",
  member: "forbidden:organizer",
  organizer: "not_found:trip",
};

/**
 * A new browser signed in as `name` (who joins and answers, home town Porto, the first
 * time) with a help link the organizer made: it awaits proof.
 */
async function helpedDevice(trip: Trip, name: string): Promise<TestBrowser> {
  const db = await getDb();
  let [member] = await db.select().from(members).where(eq(members.name, name));
  if (!member) {
    const joined = await trip.join(name);
    const saved = await actions.savePreferences(joined.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ origin: "Porto" }),
    });
    if (!saved.ok) throw new Error(saved.message);
    [member] = await db.select().from(members).where(eq(members.name, name));
  }
  const link = await actions.createHelpLink(trip.organizer.clone().ctx, { tripId: trip.tripId, memberId: member?.id });
  if (!link.ok) throw new Error(link.message);
  const deviceToken = newToken();
  await redeemSignInLink({
    tokenHash: hashToken(link.data.helpPath.replace("/signin/", "")),
    device: { tokenHash: hashToken(deviceToken), label: "Borrowed laptop" },
  });
  return browser(new Map([[tripCookieName(trip.tripId), deviceToken]]));
}

let callers: Record<Who, TestBrowser>;

/**
 * Where a call comes from. The page calls the action; the assistant's tools call it through
 * the registry's runner (the trip bound from the context); MCP calls it over HTTP with an AI
 * connection's bearer token (one per caller, every scope), where a caller with no token for
 * this trip is answered 401 and a destructive tool is refused until confirmed on the page.
 */
type Surface = "page" | "assistant tools" | "MCP";
const SURFACES: Surface[] = ["page", "assistant tools", "MCP"];
const MCP_UNAUTHORIZED = "unauthorized:token";

let mcp: Awaited<ReturnType<typeof startMcpServer>> | undefined;
afterAll(async () => {
  await mcp?.close();
});

async function callThrough(
  surface: Surface,
  name: keyof typeof actions,
  caller: TestBrowser,
  input: unknown,
  clients: Map<TestBrowser, Promise<MCPClientOf | null>>,
  tripId: string,
): Promise<ActionResult<unknown>> {
  // biome-ignore lint/performance/noDynamicNamespaceImportAccess: walking every action is the point of the matrix.
  const action = actions[name];
  if (surface === "page" || !TOOLS.has(name)) return (await action(caller.clone().ctx, input)) as ActionResult<unknown>;
  const { tripId: _bound, ...args } = input as { tripId?: string };
  if (surface === "assistant tools") return runTool(name, args, { ctx: caller.clone().ctx, tripId });
  const client = await clientFor(caller, clients, tripId);
  if (!client) return { ok: false, code: MCP_UNAUTHORIZED, message: "No AI connection for this trip." };
  try {
    const result = await client.callTool({ name, arguments: args });
    return JSON.parse((result.content as { text: string }[])[0]?.text ?? "{}") as ActionResult<unknown>;
  } catch (error) {
    // Refused before anything runs (HTTP 403): the role's own refusal.
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, code: /organizer/.test(message) ? "forbidden:organizer" : "forbidden:scope", message };
  }
}

/** The caller's MCP client with every scope (made once, before the cell's "before"), or null when it can't have one. */
async function clientFor(
  caller: TestBrowser,
  clients: Map<TestBrowser, Promise<MCPClientOf | null>>,
  tripId: string,
): Promise<MCPClientOf | null> {
  mcp ??= await startMcpServer();
  const server = mcp;
  if (!clients.has(caller)) {
    clients.set(
      caller,
      (async () => {
        const made = await actions.createAiConnection(caller.clone().ctx, {
          tripId,
          label: "Matrix app",
          scopes: [...AI_SCOPES],
          days: 1,
        });
        return made.ok ? server.client(made.data.token) : null;
      })(),
    );
  }
  return (await clients.get(caller)) ?? null;
}
type MCPClientOf = Awaited<ReturnType<Awaited<ReturnType<typeof startMcpServer>>["client"]>>;

for (const surface of SURFACES) {
  describe(`authorization matrix through ${surface === "page" ? "the pages' actions" : surface}`, () => {
    let trip: Trip;
    const clients = new Map<TestBrowser, Promise<MCPClientOf | null>>();

    beforeAll(async () => {
      trip = await newTrip("Matrix");
      const other = await newTrip("Somewhere else");
      callers = {
        "no cookie": browser(),
        "member of another trip": await other.join("Outsider"),
        "helped device": await helpedDevice(trip, "Hal"),
        member: await trip.join("Mia"),
        organizer: trip.organizer,
      };
    });
    afterAll(async () => {
      for (const client of clients.values()) await (await client)?.close();
    });

    for (const [name, row] of Object.entries(matrix) as [keyof typeof actions, Row][]) {
      for (const who of WHO) {
        const tool = TOOLS.get(name);
        const viaMcp = surface === "MCP" && tool !== undefined;
        // Over MCP a destructive tool is refused until the person confirms on the trip page.
        const confirmFirst = viaMcp && tool.definition.effect === "destructive";
        const allowed = row.allowed.includes(who) && !confirmFirst;
        it(`${name} by ${who}: ${allowed ? "allowed" : "refused"}`, async () => {
          const input = await row.input(trip, who);
          const caller = row.caller ? await row.caller(trip, who) : callers[who];
          if (viaMcp) await clientFor(caller, clients, trip.tripId);
          const before = await fingerprint(trip.tripId);
          const result = await callThrough(surface, name, caller, input, clients, trip.tripId);
          if (allowed) {
            expect(result).toMatchObject({ ok: true });
          } else {
            expect(result.ok).toBe(false);
            if (!result.ok) {
              const refusal = row.refusal?.[who];
              // Over MCP nobody outside the trip holds a token for it, and a helped device can't make one.
              const outside = viaMcp && (who === "no cookie" || who === "helped device");
              if (outside || (viaMcp && who === "member of another trip")) expect(result.code).toBe(MCP_UNAUTHORIZED);
              // A tool the caller's role may use: refused at the confirmation, before the action's own checks.
              else if (confirmFirst && (row.allowed.includes(who) || tool.definition.access === "member"))
                expect(result.code).toBe("forbidden:confirm");
              else {
                expect(result.code).toBe(refusal?.code ?? usualRefusal[who]);
                if (refusal) expect(result.message).toMatch(refusal.message);
              }
            }
            expect(await fingerprint(trip.tripId)).toEqual(before);
          }
        });
      }
    }

    it("covers every action the app exposes", () => {
      expect(Object.keys(matrix).sort()).toEqual(Object.keys(actions).sort());
    });
  });
}

describe("members only ever touch their own preferences", () => {
  it("saving writes the caller's row, and a smuggled memberId is refused", async () => {
    const trip = await newTrip();
    const mia = await trip.join("Mia");
    const ned = await trip.join("Ned");
    const saved = await actions.savePreferences(ned.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ notes: "ned" }),
    });
    expect(saved.ok).toBe(true);

    const db = await getDb();
    const [miaRow] = await db.select().from(members).where(eq(members.name, "Mia"));
    const smuggled = await actions.savePreferences(mia.ctx, {
      tripId: trip.tripId,
      memberId: miaRow?.id,
      expectedVersion: 1,
      preferences: answers({ notes: "overwrite" }),
    });
    expect(smuggled).toMatchObject({ ok: false, code: "invalid:input" });
    const rows = await db.select().from(preferences).where(eq(preferences.tripId, trip.tripId));
    expect(rows.map((r) => r.data.notes)).toEqual(["ned"]);
  });

  it("a conflict's fix changes only the caller's answers: naming another member is refused, changing nothing", async () => {
    const trip = await newTrip();
    const mia = await trip.join("Mia");
    const ned = await trip.join("Ned");
    for (const [who, scope] of [
      [mia, "domestic"],
      [ned, "international"],
    ] as const) {
      const saved = await actions.savePreferences(who.ctx, {
        tripId: trip.tripId,
        expectedVersion: 0,
        preferences: answers({ scope }),
      });
      expect(saved.ok).toBe(true);
    }
    const db = await getDb();
    const [nedRow] = await db.select().from(members).where(eq(members.name, "Ned"));
    // Mia tries to apply "either is fine" to Ned's answers.
    const smuggled = await actions.applyResolution(mia.ctx, {
      tripId: trip.tripId,
      resolutionId: "scope:either",
      expectedVersion: 1,
      memberId: nedRow?.id,
    });
    expect(smuggled).toMatchObject({ ok: false, code: "invalid:input" });
    const undo = await actions.undoResolution(mia.ctx, {
      tripId: trip.tripId,
      before: { scope: "either" },
      expectedVersion: 1,
      memberId: nedRow?.id,
    });
    expect(undo).toMatchObject({ ok: false, code: "invalid:input" });
    const rows = await db.select().from(preferences).where(eq(preferences.tripId, trip.tripId));
    expect(rows.map((r) => r.data.scope).sort()).toEqual(["domestic", "international"]);
  });
});
