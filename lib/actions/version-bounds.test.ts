import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { GET as itineraryRoute } from "@/app/api/trips/[id]/itinerary/route";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { requestContext } from "@/lib/auth/request";
import { listItineraryVersions } from "@/lib/db/queries/itineraries";
import { getPreferences } from "@/lib/db/queries/preferences";
import { loadItineraryView } from "@/lib/views/itinerary";
import { withTestDatabase } from "@/test/db";
import { answers, tripWithAnswers } from "@/test/fixtures";
import { lisbonPlan } from "@/test/itinerary";
import { startTripServer } from "@/test/route-server";

vi.mock("@/lib/auth/request", async (original) => ({
  ...(await original<typeof import("@/lib/auth/request")>()),
  requestContext: vi.fn(),
}));

withTestDatabase();

/** Past what a version can be (a Postgres integer), though still a safe whole number in JavaScript. */
const TOO_BIG = [2 ** 31, Number.MAX_SAFE_INTEGER];

describe("a version number no version can have", () => {
  it("restoring, editing or flagging the plan 'from' it is a field error, and no version is made", async () => {
    const { tripId, organizer } = await lisbonPlan();
    for (const version of TOO_BIG) {
      const tries = [
        await actions.restoreItinerary(organizer.ctx, { tripId, version }),
        await actions.removeItineraryItem(organizer.ctx, { tripId, version, itemKey: "a:belem-tower" }),
        await actions.flagItineraryItem(organizer.ctx, {
          tripId,
          version,
          itemKey: "a:belem-tower",
          reason: "other",
          note: "Too early",
        }),
      ];
      for (const result of tries) {
        expect(result).toMatchObject({
          ok: false,
          code: "invalid:input",
          fieldErrors: { version: expect.any(String) },
        });
      }
    }
    expect(await listItineraryVersions({ tripId })).toHaveLength(1);
  });

  it("saving answers or applying a fix 'from' it is a field error, and the answers stay as they were", async () => {
    const { tripId, organizer } = await tripWithAnswers([{ name: "Olga", answers: answers() }]);
    const { member } = await requireMember(organizer.ctx, tripId);
    for (const expectedVersion of TOO_BIG) {
      const saved = await actions.savePreferences(organizer.ctx, {
        tripId,
        expectedVersion,
        preferences: answers({ notes: "changed" }),
      });
      expect(saved).toMatchObject({
        ok: false,
        code: "invalid:input",
        fieldErrors: { expectedVersion: expect.any(String) },
      });
      const undone = await actions.undoResolution(organizer.ctx, {
        tripId,
        expectedVersion,
        before: { budget: null },
      });
      expect(undone).toMatchObject({
        ok: false,
        code: "invalid:input",
        fieldErrors: { expectedVersion: expect.any(String) },
      });
    }
    expect(await getPreferences({ memberId: member.id })).toMatchObject({ version: 1, data: { notes: "" } });
  });
});

describe("the plan page asked for /trips/<id>/plan?version=N past what a version can be", () => {
  it("shows the current plan, as for a version that doesn't exist", async () => {
    const { tripId, organizer } = await lisbonPlan();
    const caller = await requireMember(organizer.ctx, tripId);
    for (const version of [...TOO_BIG, 7]) {
      const view = await loadItineraryView(caller, { version });
      expect(view.current?.version).toBe(1);
      expect(view.shown).toBeNull();
    }
  });
});

describe("GET /api/trips/<id>/itinerary?version=N over HTTP", () => {
  let server: Awaited<ReturnType<typeof startTripServer>>;
  beforeAll(async () => {
    server = await startTripServer({
      "api-itinerary": async ({ request, ctx, tripId }) => {
        vi.mocked(requestContext).mockResolvedValue(ctx);
        return itineraryRoute(request, { params: Promise.resolve({ id: tripId }) });
      },
    });
  });
  afterAll(async () => {
    await server.close();
  });

  it("answers 400 for a version past what one can be, 404 for one that doesn't exist yet, and the plan for one that does", async () => {
    const { tripId, organizer } = await lisbonPlan();
    for (const version of TOO_BIG) {
      const response = await server.get(`/trips/${tripId}/api-itinerary?version=${version}`, organizer, tripId);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: "invalid:version" });
    }
    expect((await server.get(`/trips/${tripId}/api-itinerary?version=7`, organizer, tripId)).status).toBe(404);
    const first = await server.get(`/trips/${tripId}/api-itinerary?version=1`, organizer, tripId);
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ version: 1 });
  });
});
