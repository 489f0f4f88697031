import { expect, it } from "vitest";
import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { getPreferences } from "@/lib/db/queries/preferences";
import { loadDashboard } from "@/lib/views/dashboard";
import { withTestDatabase } from "@/test/db";
import { answers, newTrip } from "@/test/fixtures";

withTestDatabase();

/**
 * Olga (organizer) wants 3–4 days, Kim at least 6, Ned at least 7: a trip-length conflict
 * only Kim's and Ned's own answers can fix (Olga's own fix is hers to apply). Olga asks
 * them; the request shows on each one's dashboard (and nobody else's) until their change
 * fixes their part, or they decline.
 */
it("the organizer asks a member to look at a conflict; it shows for that member until they fix their part or decline", async () => {
  const trip = await newTrip("Ask them");
  const save = async (ctx: typeof trip.organizer.ctx, minDays: number, maxDays: number) => {
    const saved = await actions.savePreferences(ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: answers({ tripLength: { minDays, maxDays } }),
    });
    if (!saved.ok) throw new Error(saved.message);
  };
  await save(trip.organizer.ctx, 3, 4);
  const kim = await trip.join("Kim");
  await save(kim.ctx, 6, 9);
  const ned = await trip.join("Ned");
  await save(ned.ctx, 7, 9);
  const view = async (who: typeof kim) => loadDashboard(await requireMember(who.ctx, trip.tripId));
  const id = async (who: typeof kim) => (await requireMember(who.ctx, trip.tripId)).member.id;
  const [kimId, nedId] = [await id(kim), await id(ned)];

  const organizerView = await view(trip.organizer);
  // Kim and Ned can each lower their shortest trip; Olga's own part isn't for asking.
  expect(organizerView.askable).toEqual(
    expect.arrayContaining([
      { conflict: "trip-length", memberId: kimId },
      { conflict: "trip-length", memberId: nedId },
    ]),
  );
  expect(organizerView.askable).toHaveLength(2);

  // A member can't ask; the organizer can't ask about something the member's answers can't fix.
  expect(
    await actions.askMemberToResolve(kim.ctx, { tripId: trip.tripId, memberId: nedId, conflict: "trip-length" }),
  ).toMatchObject({ ok: false, code: "forbidden:organizer" });
  expect(
    await actions.askMemberToResolve(trip.organizer.ctx, { tripId: trip.tripId, memberId: kimId, conflict: "budget" }),
  ).toMatchObject({ ok: false, code: "conflict:resolution" });

  for (const memberId of [kimId, nedId]) {
    const asked = await actions.askMemberToResolve(trip.organizer.ctx, {
      tripId: trip.tripId,
      memberId,
      conflict: "trip-length",
    });
    expect(asked.ok).toBe(true);
  }
  expect((await view(kim)).requests).toEqual([expect.objectContaining({ memberId: kimId, declined: false })]);
  expect((await view(ned)).requests).toEqual([expect.objectContaining({ memberId: nedId, declined: false })]);

  // Kim applies her part (shortest trip 6 → 4): her request is answered and goes; Ned's stays.
  const fix = (await view(kim)).fixes.resolutions.find((r) => r.conflict === "trip-length");
  expect(fix?.id).toBe("trip-length:min:4");
  const version = (await getPreferences({ memberId: kimId }))?.version ?? 0;
  const applied = await actions.applyResolution(kim.ctx, {
    tripId: trip.tripId,
    resolutionId: "trip-length:min:4",
    expectedVersion: version,
  });
  expect(applied.ok).toBe(true);
  expect((await view(kim)).requests).toEqual([]);

  // Ned declines: the organizer sees it, and may ask again.
  expect((await actions.declineResolutionRequest(ned.ctx, { tripId: trip.tripId, conflict: "trip-length" })).ok).toBe(
    true,
  );
  expect((await view(trip.organizer)).requests).toEqual([
    expect.objectContaining({ memberId: nedId, conflict: "trip-length", declined: true }),
  ]);
  expect(
    await actions.declineResolutionRequest(kim.ctx, { tripId: trip.tripId, conflict: "trip-length" }),
  ).toMatchObject({ ok: false, code: "conflict:resolution" });
});
