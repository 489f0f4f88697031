import { expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { countPageRenders } from "./pages/page-renders";
import { PreferencesPage } from "./pages/preferences-page";

/**
 * Two people, two browsers. Olga wants 3–4 days, Kim at least 6: a trip-length conflict.
 * Olga asks Kim to look at it; Kim applies her own fix from the dashboard (the change shown
 * before and after); both open dashboards lose the conflict without a reload, and Undo brings
 * it back for both. The other person's change reaches each page as data, never as a render.
 */

const LIVE_MS = 5_000;

async function markOpened(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { openedOnce: boolean }).openedOnce = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce)).toBe(true);
}

test("a member applies her own fix to a conflict, both views update live, and undo restores it", async ({
  browser,
}) => {
  const olgaContext = await browser.newContext();
  const olga = await olgaContext.newPage();
  const tripId = await new HomePage(olga).createTrip("Fix it together", "Olga");
  await new PreferencesPage(olga).fillAndSave({
    windows: [{ start: "2027-06-01", end: "2027-06-30" }],
    tripLength: { min: 3, max: 4 },
  });
  const olgaDashboard = new DashboardPage(olga);
  await olgaDashboard.goto(tripId);
  const invite = await olgaDashboard.inviteLink();

  const kim = await joinInNewBrowser(browser, invite, "Kim");
  await new PreferencesPage(kim.page).fillAndSave({
    windows: [{ start: "2027-06-01", end: "2027-06-30" }],
    tripLength: { min: 6, max: 9 },
  });
  const kimDashboard = new DashboardPage(kim.page);
  await kimDashboard.goto(tripId);
  await markOpened(olga);
  await markOpened(kim.page);

  const tripLength = (page: Page) =>
    new DashboardPage(page).conflicts().getByRole("listitem").filter({ hasText: "wants at least 6 days" });
  await expect(tripLength(olga)).toBeVisible();
  await expect(tripLength(kim.page)).toBeVisible();

  // Kim sees her own part with the change spelled out; Olga (not asked to change this way) sees no such button.
  const fix = tripLength(kim.page).getByRole("listitem").filter({ hasText: "Lower your shortest trip to 4 days" });
  await expect(fix).toContainText("Your shortest trip: 6 days");
  await expect(fix).toContainText("4 days");
  await expect(
    olgaDashboard.conflicts().getByRole("button", { name: "Apply: Lower your shortest trip to 4 days" }),
  ).toHaveCount(0);

  // The organizer asks Kim to look at it: the request shows on Kim's open page, at the top
  // (her turn) and on the conflict, without her page being rendered again.
  const kimRenders = countPageRenders(kim.page);
  await tripLength(olga).getByRole("button", { name: "Ask Kim" }).click();
  await expect(tripLength(olga)).toContainText("Asked Kim");
  await expect(tripLength(kim.page)).toContainText("The organizer asked you to look at this.", { timeout: LIVE_MS });
  // At the top of her page: her part, the request said, and the same one-step Apply.
  const kimTurn = kim.page.locator('[data-turn^="fix-trip-length"]');
  await expect(kimTurn).toContainText("Your part in the trip length conflict: Lower your shortest trip to 4 days");
  await expect(kimTurn).toContainText("The organizer asked you to look at it.");
  await expect(kimTurn.getByRole("button", { name: "Apply: Lower your shortest trip to 4 days" })).toBeVisible();
  await expect(kim.page.getByRole("heading", { name: "Nothing for you to do right now" })).toHaveCount(0);
  expect(kimRenders.count, kimRenders.urls.join("\n")).toBe(0);

  // Kim's fix (below) reaches Olga's page as data too.
  await expect(tripLength(olga)).toContainText("Asked Kim");
  const olgaRenders = countPageRenders(olga);

  await fix.getByRole("button", { name: "Apply: Lower your shortest trip to 4 days" }).click();
  await expect(kim.page.getByText("Applied to your answers: Lower your shortest trip to 4 days.")).toBeVisible();
  await expect(tripLength(kim.page)).toHaveCount(0);
  await expect(tripLength(olga)).toHaveCount(0, { timeout: LIVE_MS });
  // Her request was answered by her change: it is gone from her to-do.
  await expect(kim.page.locator('[data-turn^="fix-trip-length"]')).toHaveCount(0);
  expect(olgaRenders.count, olgaRenders.urls.join("\n")).toBe(0);

  // Her answers really changed: the form shows the new shortest trip.
  const check = await kim.context.newPage();
  await check.goto(`/trips/${tripId}/preferences`);
  await expect(check.getByLabel("Shortest trip (days)")).toHaveValue("4");
  await check.close();

  await kim.page.getByRole("button", { name: "Undo" }).click();
  await expect(tripLength(kim.page)).toBeVisible();
  await expect(tripLength(olga)).toBeVisible({ timeout: LIVE_MS });
  await expect(kim.page.getByText("Applied to your answers")).toHaveCount(0);

  await expectNotReloaded(olga);
  await expectNotReloaded(kim.page);
  await kim.context.close();
  await olgaContext.close();
});

test("the organizer decides the dates no one's change would solve; the member sees the decision live, with who it leaves out", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const olgaContext = await browser.newContext();
  const olga = await olgaContext.newPage();
  const tripId = await new HomePage(olga).createTrip("Decide for us", "Olga");
  await new PreferencesPage(olga).fillAndSave({
    windows: [{ start: "2027-07-01", end: "2027-07-10" }],
    tripLength: { min: 4, max: 5 },
  });
  const olgaDashboard = new DashboardPage(olga);
  await olgaDashboard.goto(tripId);
  const kim = await joinInNewBrowser(browser, await olgaDashboard.inviteLink(), "Kim");
  await new PreferencesPage(kim.page).fillAndSave({
    windows: [{ start: "2027-07-20", end: "2027-07-30" }],
    tripLength: { min: 4, max: 5 },
  });
  const kimDashboard = new DashboardPage(kim.page);
  await kimDashboard.goto(tripId);
  await markOpened(kim.page);
  await expect(kimDashboard.conflicts().getByText("Dates", { exact: true })).toBeVisible();
  // Only the organizer may decide.
  await expect(kim.page.getByRole("form", { name: "Decide the dates" })).toHaveCount(0);

  await olga.reload();
  const decide = olga.getByRole("form", { name: "Decide the dates" });
  await decide.getByLabel("First day").fill("2027-07-03");
  await decide.getByLabel("Last day").fill("2027-07-06");
  await decide.getByLabel("Note for the group (optional)").fill("Kim joins us for the last weekend");
  await decide.getByRole("button", { name: "Plan for these dates" }).click();

  const decision = (page: Page) => page.getByRole("note", { name: "Decision on the dates" });
  await expect(decision(olga)).toContainText("Decided: plan for Jul 3–6");
  await expect(decision(kim.page)).toContainText("Decided: plan for Jul 3–6", { timeout: LIVE_MS });
  await expect(decision(kim.page)).toContainText("Kim can't make all of it.");
  await expect(decision(kim.page)).toContainText("“Kim joins us for the last weekend”");
  await expect(decision(kim.page)).toContainText("Decided by Olga");
  // The dates conflict gives way to the decision; only the organizer can withdraw it.
  await expect(kimDashboard.conflicts().getByText("Dates", { exact: true })).toHaveCount(0);
  await expect(decision(kim.page).getByRole("button", { name: "Withdraw the decision" })).toHaveCount(0);
  await expectNotReloaded(kim.page);

  // The decision holds wherever dates are used: the cards plan for it and don't call the dates pending…
  await olgaDashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  const cards = olgaDashboard.destinationCards();
  await expect(cards.first()).toBeVisible({ timeout: 60_000 });
  await expect(olgaDashboard.recommendations()).toContainText("Decided by Olga: plan for Jul 3–6.");
  for (const card of await cards.all()) {
    await expect(card).toContainText("Jul 3–6");
    await expect(card).toContainText("Dates decided");
    await expect(card).not.toContainText("Pending date resolution");
  }
  await expect(kimDashboard.destinationCards().first()).toContainText("Dates decided", { timeout: LIVE_MS });
  // …and the plan's dates form starts from it instead of asking again.
  olga.once("dialog", (dialog) => dialog.accept());
  await cards
    .first()
    .getByRole("button", { name: /^Choose / })
    .click();
  await olga.getByRole("link", { name: "Open the plan" }).click();
  await olga.waitForURL(`**/trips/${tripId}/plan`);
  const organizer = olga.getByRole("region", { name: "Organizer" });
  await expect(organizer).toContainText("You decided on Jul 3–6 for the group.");
  await expect(organizer.getByLabel("First day")).toHaveValue("2027-07-03");
  await expect(organizer.getByLabel("Last day")).toHaveValue("2027-07-06");
  await kim.context.close();
  await olgaContext.close();
});
