import { type BrowserContext, expect, test } from "@playwright/test";
import { HomePage, tripIdOf } from "./pages/home-page";
import { PreferencesPage } from "./pages/preferences-page";

/**
 * Real HTTP against every page and route handler that reads a trip, for each kind of
 * caller. Anyone who isn't a member gets the same 404 as for a trip that doesn't exist.
 */
type Who = "anonymous" | "other trip's organizer" | "member" | "organizer";

test.describe("who can read a trip", () => {
  let tripId: string;
  const contexts = {} as Record<Who, BrowserContext>;

  test.beforeAll(async ({ browser }) => {
    for (const who of ["anonymous", "other trip's organizer", "member", "organizer"] as Who[]) {
      contexts[who] = await browser.newContext();
    }
    const organizerPage = await contexts.organizer.newPage();
    tripId = await new HomePage(organizerPage).createTrip("Matrix trip", "Olga");
    await new PreferencesPage(organizerPage).fillAndSave({
      flexible: true,
      dietary: ["Vegan"],
      notes: "olga-secret-note",
    });
    const invite = await organizerPage.evaluate(async (id) => {
      const res = await fetch(`/api/trips/${id}/snapshot`);
      return ((await res.json()) as { trip: { invitePath: string } }).trip.invitePath;
    }, tripId);

    const memberPage = await contexts.member.newPage();
    await memberPage.goto(invite);
    await memberPage.getByLabel("Your name").fill("Max");
    await memberPage.getByRole("button", { name: "Join the trip" }).click();
    await memberPage.getByRole("link", { name: "Continue to your preferences" }).click();
    await memberPage.waitForURL(/\/preferences/);

    await new HomePage(await contexts["other trip's organizer"].newPage()).createTrip("Another trip", "Zed");
  });

  test.afterAll(async () => {
    await Promise.all(Object.values(contexts).map((c) => c.close()));
  });

  const expected: Record<Who, number> = {
    anonymous: 404,
    "other trip's organizer": 404,
    member: 200,
    organizer: 200,
  };

  for (const who of Object.keys(expected) as Who[]) {
    test(`${who}: pages and snapshot answer ${expected[who]}`, async () => {
      const request = contexts[who].request;
      for (const path of [`/trips/${tripId}`, `/trips/${tripId}/preferences`, `/api/trips/${tripId}/snapshot`]) {
        const res = await request.get(path, { maxRedirects: 0 });
        expect(res.status(), `${who} GET ${path}`).toBe(expected[who]);
      }
    });
  }

  test("a member's snapshot has the group in aggregate, without attribution or anyone's notes", async () => {
    const res = await contexts.member.request.get(`/api/trips/${tripId}/snapshot`);
    const body = await res.text();
    expect(body).not.toContain("olga-secret-note");
    const snapshot = JSON.parse(body) as {
      profile: { constraints: { dietary: { value: string; count: number; memberIds: string[] }[] } };
    };
    expect(snapshot.profile.constraints.dietary).toEqual([{ value: "vegan", count: 1, memberIds: [] }]);

    const organizerView = await (await contexts.organizer.request.get(`/api/trips/${tripId}/snapshot`)).json();
    expect(organizerView.profile.constraints.dietary[0].memberIds).toHaveLength(1);
  });

  test("malformed and unknown trip ids are a plain 404", async () => {
    for (const path of [
      "/trips/not-a-uuid",
      "/api/trips/not-a-uuid/snapshot",
      `/api/trips/${crypto.randomUUID()}/snapshot`,
    ]) {
      expect((await contexts.organizer.request.get(path)).status(), path).toBe(404);
    }
  });

  test("the organizer's recovery link opens the trip as organizer in a fresh browser", async ({ browser }) => {
    const organizerPage = await contexts.organizer.newPage();
    await organizerPage.goto(`/trips/${tripId}`);
    await organizerPage.getByRole("button", { name: "Get my recovery link" }).click();
    const recoveryUrl = await organizerPage.getByRole("textbox", { name: "Your private recovery link" }).inputValue();
    expect(recoveryUrl).toMatch(/\/recover\/[A-Za-z0-9_-]{43}$/);

    const laptop = await browser.newContext();
    const page = await laptop.newPage();
    await page.goto(recoveryUrl);
    expect(tripIdOf(page.url())).toBe(tripId);
    await expect(page.getByText("You organize")).toBeVisible();

    const forged = await laptop.request.get("/recover/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", {
      maxRedirects: 0,
    });
    expect(forged.status()).toBe(303);
    expect(forged.headers().location).toContain("/?error=recovery");
    await laptop.close();
  });
});
