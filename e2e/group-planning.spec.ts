import { type Browser, expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { type PreferencesAnswers, PreferencesPage } from "./pages/preferences-page";

async function joinAs(browser: Browser, inviteLink: string, name: string, answers: PreferencesAnswers) {
  const { context, page } = await joinInNewBrowser(browser, inviteLink, name);
  await new PreferencesPage(page).fillAndSave(answers);
  return context;
}

test("three people plan together: the dashboard shows the shared dates, the budget clash and who must change what", async ({
  page,
  browser,
}) => {
  const tripId = await new HomePage(page).createTrip("Lisbon in June", "Ana");
  await new PreferencesPage(page).fillAndSave({
    windows: [{ start: "2027-06-10", end: "2027-06-20" }],
    tripLength: { min: 4, max: 6 },
    budget: { min: 800, max: 1500 },
    vibes: ["Beach", "Food"],
    notes: "Ana's private note",
  });

  const dashboard = new DashboardPage(page);
  await dashboard.goto(tripId);
  const invite = await dashboard.inviteLink();
  expect(invite).toMatch(/\/join\/[A-Za-z0-9_-]{43}$/);

  const ben = await joinAs(browser, invite, "Ben", {
    windows: [{ start: "2027-06-12", end: "2027-06-18" }],
    tripLength: { min: 4, max: 7 },
    budget: { min: 1000, max: 2000 },
    vibes: ["Beach"],
  });
  const cleo = await joinAs(browser, invite, "Cleo", {
    windows: [
      { start: "2027-05-01", end: "2027-05-03" },
      { start: "2027-06-14", end: "2027-06-25" },
    ],
    tripLength: { min: 3, max: 5 },
    budget: { min: 300, max: 700, hardLimit: true },
    dietary: ["Vegetarian"],
  });

  // The organizer's dashboard was open all along: who answered and the conflicts kept up by
  // themselves; the figures drawn from everyone's answers say they are from before, and are
  // read again on request.
  await expect(page.getByText("3 of 3 have shared their preferences.")).toBeVisible();
  const budgetClash = dashboard.conflicts().getByRole("listitem").filter({ hasText: "Budget" }).first();
  await expect(budgetClash).toContainText(/Ana and Ben lower their min to \$700/);
  await page.getByRole("button", { name: "Show the new figures" }).click();
  await expect(page.getByText("Someone's answers changed since you opened this page")).toHaveCount(0);
  // Everyone covers Jun 14–18, and the longest trip everyone accepts is 4–5 days.
  await expect(dashboard.calendar()).toContainText("Jun 14–18");
  await expect(dashboard.calendar().getByRole("cell", { name: /^Jun 15: 3 of 3 can come/ })).toBeVisible();
  // Ben's minimum ($1,000) and Ana's ($800) are above Cleo's hard maximum ($700).
  const budgetConflict = dashboard.conflicts().getByRole("listitem").filter({ hasText: "Budget" }).first();
  await expect(budgetConflict).toContainText("High");
  await expect(budgetConflict).toContainText(/Ana and Ben lower their min to \$700/);
  await expect(dashboard.budget()).toContainText("$1,000");
  await expect(dashboard.budget()).toContainText("$700");
  // The organizer sees who needs what; Ben only sees the aggregate.
  await expect(dashboard.section("Needs and hard no's")).toContainText("Cleo");

  const benPage = ben.pages()[0];
  if (!benPage) throw new Error("Ben's page is gone");
  await benPage.goto(`/trips/${tripId}`);
  await expect(benPage.getByRole("region", { name: "Needs and hard no's" })).toContainText(/vegetarian/i);
  await expect(benPage.getByRole("region", { name: "Needs and hard no's" })).not.toContainText("Cleo");
  await expect(benPage.locator("body")).not.toContainText("Ana's private note");

  await Promise.all([ben.close(), cleo.close()]);
});

test("saving from two tabs does not silently overwrite the other tab's edit", async ({ page, context }) => {
  const tripId = await new HomePage(page).createTrip("Two tabs", "Dee");
  const first = new PreferencesPage(page);
  await first.fillAndSave({ flexible: true, notes: "first version" });

  const tabA = await context.newPage();
  const tabB = await context.newPage();
  await new PreferencesPage(tabA).goto(tripId);
  await new PreferencesPage(tabB).goto(tripId);

  await new PreferencesPage(tabA).fillAndSave({ notes: "edited in tab A" });
  await new PreferencesPage(tabB).fill({ notes: "edited in tab B" });
  await expect(tabB.getByText("Unsaved changes")).toBeVisible();
  await new PreferencesPage(tabB).save();
  await expect(tabB.getByRole("alert").filter({ hasText: "changed somewhere else" })).toBeVisible();
  // Tab B keeps what was typed, so nothing is lost while the member decides.
  await expect(tabB.getByLabel("Notes for the planner")).toHaveValue("edited in tab B");

  tabB.once("dialog", (dialog) => dialog.accept()); // "leave with unsaved changes?"
  await tabB.getByRole("button", { name: "Load the latest version" }).click();
  await expect(tabB.getByLabel("Notes for the planner")).toHaveValue("edited in tab A");
});
