import * as actions from "@/lib/actions";
import { requireMember } from "@/lib/auth/guards";
import { emptyPreferences, type MemberPreferencesInput } from "@/lib/schemas/preferences";
import { browser, type TestBrowser } from "./browser";

/** A valid answer, with overrides. */
export function answers(overrides: Partial<MemberPreferencesInput> = {}): MemberPreferencesInput {
  return {
    ...emptyPreferences(),
    dates: { flexible: false, windows: [{ start: "2027-06-10", end: "2027-06-20" }] },
    budget: { min: 500, max: 1500, hardLimit: false },
    vibes: ["beach"],
    ...overrides,
  };
}

/** A trip with its organizer's browser, an invite token, and helpers to add members. */
export async function newTrip(name = "Test trip") {
  const organizer = browser();
  const created = await actions.createTrip(organizer.ctx, { tripName: name, organizerName: "Olga" });
  if (!created.ok) throw new Error(created.message);
  const { tripId } = created.data;
  /** The current invite token (the organizer may have reset it). */
  const inviteToken = () => inviteTokenOf(organizer, tripId);

  async function join(memberName: string) {
    const member = browser();
    const joined = await actions.joinTrip(member.ctx, { inviteToken: await inviteToken(), name: memberName });
    if (!joined.ok) throw new Error(joined.message);
    return member;
  }
  return { tripId, organizer, inviteToken, join };
}

async function inviteTokenOf(organizer: TestBrowser, tripId: string): Promise<string> {
  const { trip } = await requireMember(organizer.ctx, tripId);
  return trip.inviteToken;
}

/** A trip whose organizer (Olga) and members answered as given; `null` = joined but hasn't answered. */
export async function tripWithAnswers(group: { name: string; answers: MemberPreferencesInput | null }[]) {
  const [first, ...rest] = group;
  const trip = await newTrip("Group trip");
  const save = async (who: TestBrowser, prefs: MemberPreferencesInput | null) => {
    if (!prefs) return;
    const saved = await actions.savePreferences(who.ctx, {
      tripId: trip.tripId,
      expectedVersion: 0,
      preferences: prefs,
    });
    if (!saved.ok) throw new Error(saved.message);
  };
  await save(trip.organizer, first?.answers ?? null);
  for (const member of rest) await save(await trip.join(member.name), member.answers);
  return trip;
}
