import { describe, expect, it } from "vitest";
import { requireMember } from "@/lib/auth/guards";
import { tripCookieName } from "@/lib/auth/session";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { browser } from "@/test/browser";
import { withTestDatabase } from "@/test/db";
import { createDemoTrip, createTrip, joinTrip, removeMember, rotateInviteLink } from "./trips";

withTestDatabase();

describe("trip lifecycle", () => {
  it("creating a trip makes its creator the organizer on this browser", async () => {
    const organizer = browser();
    const created = await createTrip(organizer.ctx, { tripName: "  Lisbon  ", organizerName: "Ana" });
    if (!created.ok) throw new Error(created.message);
    const { tripId } = created.data;
    expect(organizer.cookie(tripCookieName(tripId))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const caller = await requireMember(organizer.ctx, tripId);
    expect(caller).toMatchObject({ isOrganizer: true, trip: { name: "Lisbon", status: "collecting" } });
    const members = await listMembersWithPreferences({ tripId });
    expect(members.map((m) => [m.name, m.role, m.preferences])).toEqual([["Ana", "organizer", null]]);
  });

  it("builds a demo trip: the visitor organizes, five sample members have answered", async () => {
    const visitor = browser();
    const result = await createDemoTrip(visitor.ctx, {});
    if (!result.ok) throw new Error(result.message);
    const members = await listMembersWithPreferences({ tripId: result.data.tripId });
    expect(members.map((m) => m.name)).toEqual(["Organizer", "Maya", "Sam", "Priya", "Leo", "Chen"]);
    expect(members.filter((m) => m.preferences !== null)).toHaveLength(5);
    expect(members.find((m) => m.name === "Sam")?.preferences?.accessibility).toContain("wheelchair");
    expect(members.find((m) => m.name === "Maya")?.preferences?.dietary).toContain("vegetarian");
  });

  it("a reset invite link stops working; members who joined stay", async () => {
    const organizer = browser();
    const created = await createTrip(organizer.ctx, { tripName: "Reset", organizerName: "Ana" });
    if (!created.ok) throw new Error(created.message);
    const { tripId } = created.data;
    const { trip } = await requireMember(organizer.ctx, tripId);
    const ben = browser();
    expect((await joinTrip(ben.ctx, { inviteToken: trip.inviteToken, name: "Ben" })).ok).toBe(true);

    const rotated = await rotateInviteLink(organizer.ctx, { tripId });
    if (!rotated.ok) throw new Error(rotated.message);
    expect(rotated.data.invitePath).not.toContain(trip.inviteToken);
    expect(await joinTrip(browser().ctx, { inviteToken: trip.inviteToken, name: "Cy" })).toMatchObject({
      ok: false,
      code: "not_found:invite",
    });
    await expect(requireMember(ben.ctx, tripId)).resolves.toMatchObject({ member: { name: "Ben" } });
  });

  it("the organizer removes a member and their answers; the organizer can't be removed", async () => {
    const organizer = browser();
    const created = await createTrip(organizer.ctx, { tripName: "Remove", organizerName: "Ana" });
    if (!created.ok) throw new Error(created.message);
    const { tripId } = created.data;
    const { trip, member: ana } = await requireMember(organizer.ctx, tripId);
    const ben = browser();
    await joinTrip(ben.ctx, { inviteToken: trip.inviteToken, name: "Ben" });
    const benId = (await requireMember(ben.ctx, tripId)).member.id;

    expect(await removeMember(organizer.ctx, { tripId, memberId: benId })).toMatchObject({ ok: true });
    await expect(requireMember(ben.ctx, tripId)).rejects.toMatchObject({ code: "not_found:trip" });
    expect(await removeMember(organizer.ctx, { tripId, memberId: ana.id })).toMatchObject({
      ok: false,
      code: "not_found:member",
    });
  });
});
