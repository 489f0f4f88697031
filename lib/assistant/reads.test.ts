import { describe, expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { currentItinerary } from "@/lib/db/queries/itineraries";
import { withTestDatabase } from "@/test/db";
import { PLANTED, plantedTrip } from "@/test/member-data";
import { READ_ACTIONS } from "./reads";
import { runTool } from "./registry";

withTestDatabase();

/**
 * The reading tools answer with what the pages show the caller, cut to the caller's own
 * costs and answers: no other member's answers, budget, costs or needs, no invite, share or
 * sign-in link, and every member-written or researched text wrapped as data.
 */
describe("reading tools", () => {
  it("never hold another member's answers, costs or needs, a token or a link, for a member or the organizer", async () => {
    const trip = await plantedTrip();
    const share = await actions.createShareLink(trip.organizer.clone().ctx, { tripId: trip.tripId });
    if (!share.ok) throw new Error(share.message);
    const shareToken = share.data.sharePath.split("/").pop() ?? "";
    const { trip: row } = await requireMember(trip.organizer.ctx, trip.tripId);
    const secrets = [
      PLANTED.origin,
      PLANTED.notes,
      PLANTED.hardNo,
      PLANTED.mustHave,
      PLANTED.email,
      row.inviteToken,
      shareToken,
      "/join/",
      "/signin/",
      "/s/",
    ];
    const budget = [PLANTED.budget.min, PLANTED.budget.max];
    const sheet = [...trip.sheets.kms, ...trip.sheets.hours];
    expect(trip.sheets.kms.size).toBeGreaterThan(0);
    for (const [who, caller] of [
      ["Cleo", trip.cleo],
      ["Olga", trip.organizer],
    ] as const) {
      for (const name of Object.keys(READ_ACTIONS)) {
        const result = await runTool(name, {}, { ctx: caller.clone().ctx, tripId: trip.tripId });
        expect(result.ok, `${name} as ${who}`).toBe(true);
        const text = JSON.stringify(result);
        for (const secret of secrets) expect(text, `${name} as ${who}`).not.toContain(secret);
        expect(figuresIn(result, sheet), `${name} as ${who}`).toEqual([]);
        // The conflicts and the caller's own fixes speak of the group's figures without saying
        // whose, as on the dashboard ("one member needs at least $1,237", "raise your maximum to
        // $1,237"): nothing else may carry his budget.
        const {
          conflicts: _anonymous,
          myFixes: _own,
          ...rest
        } = (result.ok ? result.data : {}) as Record<string, unknown>;
        expect(figuresIn(rest, budget), `${name} as ${who}`).toEqual([]);
        // The caller's own cookie token never comes back either.
        expect(text).not.toContain(caller.cookie(tripCookieName(trip.tripId)) ?? "no cookie");
      }
    }
  });

  it("shows the caller their own cost and answers, with member-written text wrapped as data", async () => {
    const trip = await plantedTrip();
    const current = await currentItinerary({ tripId: trip.tripId });
    const cleoCost = current?.itinerary.costs.find((c) => c.memberId === trip.cleoId)?.total;
    const plan = await runTool("readPlan", {}, { ctx: trip.cleo.ctx, tripId: trip.tripId });
    if (!plan.ok) throw new Error(plan.message);
    const data = plan.data as {
      currentVersion: number;
      plan: { version: number; myCost: { total: number } };
      feedback: { text: unknown; mine: boolean }[];
      versions: unknown[];
    };
    // Version 1, then the regeneration with Bartholomew's and Cleo's flags: version 2 is current.
    expect(data.currentVersion).toBe(2);
    expect(data.plan.version).toBe(2);
    expect(data.versions).toHaveLength(2);
    expect(data.plan.myCost.total).toBe(cleoCost);
    const older = await runTool("readPlan", { version: 1 }, { ctx: trip.cleo.ctx, tripId: trip.tripId });
    expect(older).toMatchObject({ ok: true, data: { currentVersion: 2, plan: { version: 1 } } });
    // A version that was never made is said so, with the versions there are, not the current plan.
    const missing = await runTool("readPlan", { version: 7 }, { ctx: trip.cleo.ctx, tripId: trip.tripId });
    expect(missing).toEqual({
      ok: false,
      code: "not_found:version",
      message: "There is no version 7: the plan has versions 1 and 2.",
    });

    const mine = await runTool("readMyAnswers", {}, { ctx: trip.cleo.ctx, tripId: trip.tripId });
    expect(mine).toMatchObject({
      ok: true,
      data: {
        answered: true,
        version: 1,
        answers: { notes: { untrusted_text: "Cleo likes night trains" }, origin: { untrusted_text: "Denver" } },
      },
    });
    const overview = await runTool("readTrip", {}, { ctx: trip.cleo.ctx, tripId: trip.tripId });
    if (!overview.ok) throw new Error(overview.message);
    const names = (overview.data as { members: { name: unknown }[] }).members.map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining([
        { untrusted_text: "Olga" },
        { untrusted_text: "Cleo" },
        { untrusted_text: PLANTED.name },
      ]),
    );
  });
});

/** The planted figures found in a tool's output: as numbers, or written in a text ("1237", "1,237"). */
function figuresIn(value: unknown, figures: number[]): string[] {
  const found: string[] = [];
  const visit = (v: unknown, path: string) => {
    if (typeof v === "number" && figures.includes(v)) found.push(`${path}: ${v}`);
    else if (typeof v === "string") {
      for (const f of figures) {
        for (const written of [String(f), f.toLocaleString("en-US")]) {
          if (new RegExp(`(?<![0-9.,])${written.replace(/[.,]/g, "\\$&")}(?![0-9])`).test(v))
            found.push(`${path}: "${v}"`);
        }
      }
    } else if (Array.isArray(v)) {
      for (const [i, x] of v.entries()) visit(x, `${path}[${i}]`);
    } else if (v && typeof v === "object") for (const [k, x] of Object.entries(v)) visit(x, `${path}.${k}`);
  };
  visit(value, "");
  return found;
}
