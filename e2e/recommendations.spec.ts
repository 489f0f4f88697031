import { expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage, tripIdOf } from "./pages/home-page";
import { PreferencesPage } from "./pages/preferences-page";

/**
 * Flow A with no configuration at all: demo trip → Generate → live timeline → 3–5
 * destination cards that respect the group's hard constraints → vote → choose.
 */
test("a newcomer generates recommendations for the demo trip, votes and chooses one", async ({ page }) => {
  await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  const section = dashboard.recommendations();
  await expect(section.getByText("No recommendations yet")).toBeVisible();

  await section.getByRole("button", { name: "Generate recommendations" }).click();
  const timeline = section.getByRole("list", { name: "Generation progress" });
  await expect(timeline).toBeVisible();
  await expect(timeline.getByText("Researching destinations")).toBeVisible();

  const cards = dashboard.destinationCards();
  await expect(cards.first()).toBeVisible({ timeout: 30_000 });
  // Early cards give way to the stored list when the run ends (a card opened before would close):
  // the checks below are on that list, which comes with the vote count.
  await expect(section.getByText(/have voted/)).toBeVisible({ timeout: 30_000 });
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(3);
  expect(count).toBeLessThanOrEqual(5);
  for (const card of await cards.all()) {
    await expect(card).toContainText("per person");
    await dashboard.openCard(card);
    await expect(card).toContainText("Why it fits");
    await expect(card).toContainText("Day 1");
    await expect(card).toContainText("Day 2");
    await expect(card).toContainText("Tradeoffs");
    await expect(card).toContainText(/(High|Medium|Low) confidence/);
    await expect(card.getByRole("link").first()).toHaveAttribute("href", /^https:\/\//);
    // Sam's hard cap: his own total on every card (the organizer sees each member's) stays within $1,500.
    const sams = await card
      .getByRole("list", { name: "Cost per member" })
      .getByRole("listitem")
      .filter({ hasText: /^Sam/ })
      .first()
      .textContent();
    const samsTotal = Number((sams?.match(/^Sam\s*\$([\d,]+)/)?.[1] ?? "0").replace(/,/g, ""));
    expect(samsTotal).toBeGreaterThan(0);
    expect(samsTotal).toBeLessThanOrEqual(1500);
    await expect(card).toContainText("Pending date resolution");
  }
  // Where to stay and getting around, and what research found, one click away on a card.
  const firstCard = cards.first();
  await firstCard.getByText("Where to stay & getting around").click();
  await expect(firstCard).toContainText("Airport");
  await firstCard.getByText("What research found").click();
  await expect(firstCard).toContainText(/looked up [A-Z][a-z]{2} \d+/);
  // On a phone, the opened card reads in one column with nothing cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 720 });
  // The headline is the group's: nobody's budget by name (the organizer's Conflicts card has who).
  await expect(section).toContainText("One member needs at least $1,600 but another can spend at most $1,500");
  await expect(section).not.toContainText("Priya needs");

  // How we decided is one click away; timings, models and tokens are for operators (/status).
  await section.getByText("How we decided").click();
  await expect(section).toContainText("Compliance validator");
  await expect(section).not.toContainText("offline-planner");

  // Vote, then choose: the trip moves on to planning.
  const first = cards.first();
  await first.getByRole("button", { name: /^Vote for/ }).click();
  await expect(first.getByRole("button", { name: /^Vote for/ })).toHaveAttribute("aria-pressed", "true");
  await expect(first).toContainText("1 vote");
  await expect(section).toContainText("1 of 6 have voted. Waiting on Maya, Sam, Priya, Leo and Chen.");
  // Taking the vote back, then voting again.
  await first.getByRole("button", { name: /^Withdraw my vote for/ }).click();
  await expect(first).toContainText("0 votes");
  await expect(section).toContainText("0 of 6 have voted.");
  await first.getByRole("button", { name: /^Vote for/ }).click();
  await expect(first).toContainText("1 vote");
  page.once("dialog", (dialog) => dialog.accept());
  await first.getByRole("button", { name: /^Choose / }).click();
  await expect(page.getByRole("list", { name: "Trip progress" }).locator('[aria-current="step"]')).toContainText(
    "Planning the itinerary",
  );
  await expect(first).toContainText("Chosen");
  // Voting has closed: no more vote buttons, and the page says why.
  await expect(section).toContainText(/Voting has closed: .+ was chosen\./);
  await expect(section.getByRole("button", { name: /^Vote for/ })).toHaveCount(0);
});

test("the timeline survives a reload, the trip's live channel resumes from Last-Event-ID, and strangers get 404", async ({
  page,
  browser,
}) => {
  await new HomePage(page).openDemoTrip();
  const tripId = tripIdOf(page.url());
  const section = new DashboardPage(page).recommendations();
  await section.getByRole("button", { name: "Generate recommendations" }).click();
  await expect(section.getByRole("list", { name: "Generation progress" })).toBeVisible();
  await page.reload();
  await expect(
    section.getByRole("list", { name: "Generation progress" }).or(new DashboardPage(page).destinationCards().first()),
  ).toBeVisible();
  await expect(new DashboardPage(page).destinationCards().first()).toBeVisible({ timeout: 30_000 });

  // The first card shows before the run's last steps end: read the record once it has ended.
  let all = await readLiveChannel(page, `/api/trips/${tripId}/events?after=0`);
  await expect
    .poll(
      async () => {
        all = await readLiveChannel(page, `/api/trips/${tripId}/events?after=0`);
        return all.text.includes('"kind":"run.ended"');
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(all.status).toBe(200);
  expect(all.contentType).toContain("text/event-stream");
  const ids = [...all.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  expect(ids.length).toBeGreaterThan(10);
  expect(all.text).toContain('"kind":"run.progress"');
  expect(all.text).toContain('"kind":"run.ended","runId"');

  const middle = ids[Math.floor(ids.length / 2)] ?? 0;
  const resumed = await readLiveChannel(page, `/api/trips/${tripId}/events?after=0`, {
    "Last-Event-ID": String(middle),
  });
  const resumedIds = [...resumed.text.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  expect(resumedIds).toEqual(ids.filter((id) => id > middle));

  const stranger = await browser.newContext();
  expect((await stranger.request.get(`/api/trips/${tripId}/events`)).status()).toBe(404);
  await stranger.close();
});

/** Reads the live channel from the page (with its cookies) until the backlog is replayed, then lets go. */
async function readLiveChannel(page: Page, url: string, headers: Record<string, string> = {}) {
  return page.evaluate(
    async ({ url, headers }) => {
      const response = await fetch(url, { headers });
      const reader = response.body?.getReader();
      const decoder = new TextDecoder();
      let text = "";
      while (reader && !text.includes("event: live")) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
      }
      await reader?.cancel();
      return { status: response.status, contentType: response.headers.get("content-type") ?? "", text };
    },
    { url, headers },
  );
}

test("after someone changes their answers, the dashboard says the recommendations are stale", async ({ page }) => {
  await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  await dashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(dashboard.destinationCards().first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("These recommendations are stale.")).toHaveCount(0);

  // The organizer (the demo's pending member) answers now.
  const tripId = tripIdOf(page.url());
  await page.goto(`/trips/${tripId}/preferences`);
  await new PreferencesPage(page).fillAndSave({ flexible: true });
  await dashboard.goto(tripId);
  await expect(page.getByText("These recommendations are stale.")).toBeVisible();
  await expect(dashboard.recommendations().getByRole("button", { name: "Regenerate" })).toBeVisible();
});

/**
 * Olga needs low vision access and won't go to Europe or New Orleans. Of the places we know,
 * only Chicago and New York serve low vision and pass both: the dashboard says so and names
 * the real blocker (her "no Europe" holds back Barcelona, Edinburgh, Lisbon, Paris and Rome),
 * and Generate shows the two cards, labelled, instead of an empty hand.
 */
test("when only two places fit, the group sees both cards, labelled, and the change that would open the most", async ({
  page,
}) => {
  const tripId = await new HomePage(page).createTrip("Few fit", "Olga");
  await new PreferencesPage(page).fillAndSave({
    windows: [{ start: "2027-06-01", end: "2027-06-30" }],
    tripLength: { min: 4, max: 6 },
    vibes: ["City"],
    accessibility: ["Low vision"],
    hardNos: ["no Europe", "no New Orleans"],
  });
  const dashboard = new DashboardPage(page);
  await dashboard.goto(tripId);
  const conflicts = dashboard.conflicts();
  await expect(conflicts).toContainText("Only 2 places fit everyone's must-haves");
  await expect(conflicts).toContainText("The real blocker — If you let go of your hard no “not in Europe”: +5 places");

  const section = dashboard.recommendations();
  await section.getByRole("button", { name: "Generate recommendations" }).click();
  const cards = dashboard.destinationCards();
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  await expect(cards).toHaveCount(2);
  await expect(section).toContainText("Only 2 places fit everyone's must-haves");
  const openers = section.getByRole("region", { name: "What would open more places" });
  await expect(openers.getByRole("listitem")).toHaveText([
    "If you let go of your hard no “not in Europe”: +5 places",
    "If you let go of your hard no “not New Orleans”: +1 place",
  ]);
  const names = (await cards.allTextContents()).join(" ");
  expect(names).toContain("Chicago");
  expect(names).toContain("New York");
});
