import { describe, expect, it } from "vitest";
import { tripCookieName } from "@/lib/auth/session";
import { listMembersWithPreferences } from "@/lib/db/queries/members";
import { getPreferences } from "@/lib/db/queries/preferences";
import { emptyPreferences } from "@/lib/schemas/preferences";
import { useTestDatabase } from "@/test/db";
import { browser } from "@/test/browser";
import { savePreferences } from "./preferences";
import { createDemoTrip, createTrip, joinTrip } from "./trips";

useTestDatabase();

describe("trip lifecycle", () => {
  it("creates a trip, lets people join by invite, and keeps each member's preferences to themselves", async () => {
    const organizer = browser();
    const created = await createTrip(organizer.ctx, { tripName: "Lisbon", organizerName: "Ana" });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    const { tripId } = created.data;
    expect(organizer.cookie(tripCookieName(tripId))).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const members = await listMembersWithPreferences({ tripId });
    expect(members.map((m) => [m.name, m.role])).toEqual([["Ana", "organizer"]]);
  });

  it("builds a demo trip with five answered members", async () => {
    const visitor = browser();
    const result = await createDemoTrip(visitor.ctx, {});
    if (!result.ok) throw new Error(result.message);
    const members = await listMembersWithPreferences({ tripId: result.data.tripId });
    expect(members).toHaveLength(6);
    expect(members.filter((m) => m.preferences !== null)).toHaveLength(5);
  });
});
