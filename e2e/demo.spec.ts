import { expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";

test("the demo trip shows its heat map, budget bars and concrete fixes", async ({ page }) => {
  await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);

  await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo");
  await expect(page.getByText("5 of 6 have shared their preferences.")).toBeVisible();

  // Heat map: month tables whose days say how many can come.
  const calendar = dashboard.calendar();
  await expect(calendar.getByRole("table").first()).toBeVisible();
  await expect(calendar.getByRole("cell", { name: /: 4 of 5 can come/ }).first()).toBeVisible();

  // Budget bars: one per member with a budget, and the gap between Sam's hard cap and Priya's minimum.
  const budget = dashboard.budget();
  for (const name of ["Maya", "Sam", "Priya", "Leo"]) await expect(budget).toContainText(name);
  await expect(budget).toContainText("Gap");

  const conflicts = dashboard.conflicts();
  await expect(conflicts).toContainText(/Chen needs to add 2 days to cover/);
  await expect(conflicts).toContainText(/Priya lowers their min to \$1,500/);

  // Aggregated needs include the vegetarian and the wheelchair user.
  await expect(dashboard.section("Needs and hard no's")).toContainText(/vegetarian/i);
  await expect(dashboard.section("Needs and hard no's")).toContainText(/wheelchair/i);
});

test("a member sees others' budgets only as anonymous ranges, and their own part in a conflict by name", async ({
  page,
  browser,
}) => {
  await new HomePage(page).openDemoTrip();
  const invite = await new DashboardPage(page).inviteLink();
  const robin = await joinInNewBrowser(browser, invite, "Robin");
  await robin.page.goto(new URL(page.url()).pathname);
  const dashboard = new DashboardPage(robin.page);
  const budget = dashboard.budget();
  await expect(budget).toContainText("Gap");
  for (const name of ["Maya", "Sam", "Priya", "Leo", "Chen"]) await expect(budget).not.toContainText(name);
  const conflicts = dashboard.conflicts();
  await expect(conflicts).toContainText("One member needs at least $1,600 but another can spend at most $1,500");
  await expect(conflicts).not.toContainText("Priya lowers");
  await robin.context.close();
});

test("the dashboard works on a phone-sized screen", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await new HomePage(page).openDemoTrip();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(new DashboardPage(page).calendar().getByRole("table").first()).toBeVisible();
  // The sections, most urgent first, stay one tap away.
  const nav = page.getByRole("navigation", { name: "Sections" });
  await nav.getByRole("link", { name: /^Conflicts/ }).click();
  await expect(page.getByRole("heading", { name: "Conflicts" })).toBeInViewport();
  await expect(nav).toBeInViewport();
  await context.close();
});
