import { expect, test } from "@playwright/test";
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
  const count = await cards.count();
  expect(count).toBeGreaterThanOrEqual(3);
  expect(count).toBeLessThanOrEqual(5);
  for (const card of await cards.all()) {
    await expect(card).toContainText("per person");
    await expect(card).toContainText("Why it fits");
    await expect(card).toContainText("Day 1");
    await expect(card).toContainText("Day 2");
    await expect(card).toContainText("Tradeoffs");
    await expect(card).toContainText(/(High|Medium|Low) confidence/);
    await expect(card.getByRole("link").first()).toHaveAttribute("href", /^https:\/\//);
    // Sam's hard cap: no card's top price goes over $1,500.
    const price = await card
      .locator("p", { hasText: /per person$/ })
      .first()
      .textContent();
    const high = Number((price?.match(/–\$([\d,]+)/)?.[1] ?? "0").replace(/,/g, ""));
    expect(high).toBeGreaterThan(0);
    expect(high).toBeLessThanOrEqual(1500);
    await expect(card).toContainText("Pending date resolution");
  }
  await expect(section).toContainText("Priya needs at least $1,600 but Sam can spend at most $1,500");

  // How we decided, and the run details, are one click away.
  await section.getByText("How we decided").click();
  await expect(section).toContainText("Compliance and grounding validator");
  await section.getByText("Run details").click();
  await expect(section.getByRole("table")).toContainText("offline-planner");

  // Vote, then choose: the trip moves on to planning.
  const first = cards.first();
  const name = (await first.getByRole("heading", { level: 3 }).textContent())?.replace(/\s+\S+$/, "") ?? "";
  await first.getByRole("button", { name: /^Vote for/ }).click();
  await expect(first.getByRole("button", { name: /^Vote for/ })).toHaveAttribute("aria-pressed", "true");
  await expect(first).toContainText("1 vote");
  page.once("dialog", (dialog) => dialog.accept());
  await first.getByRole("button", { name: /^Choose / }).click();
  await expect(page.getByRole("list", { name: "Trip progress" }).locator('[aria-current="step"]')).toContainText(
    "Planning the itinerary",
  );
  await expect(first).toContainText("Chosen");
  expect(name.length).toBeGreaterThan(0);
});

test("the timeline survives a reload, the events stream resumes from Last-Event-ID, and strangers get 404", async ({
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

  const all = await page.request.get(`/api/trips/${tripId}/events`);
  expect(all.status()).toBe(200);
  expect(all.headers()["content-type"]).toContain("text/event-stream");
  const body = await all.text();
  const ids = [...body.matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  expect(ids.length).toBeGreaterThan(10);
  expect(body).toContain("event: end");

  const middle = ids[Math.floor(ids.length / 2)] ?? 0;
  const resumed = await page.request.get(`/api/trips/${tripId}/events`, {
    headers: { "Last-Event-ID": String(middle) },
  });
  const resumedIds = [...(await resumed.text()).matchAll(/^id: (\d+)$/gm)].map((m) => Number(m[1]));
  expect(resumedIds).toEqual(ids.filter((id) => id > middle));

  const stranger = await browser.newContext();
  expect((await stranger.request.get(`/api/trips/${tripId}/events`)).status()).toBe(404);
  await stranger.close();
});

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
