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

  // A day tapped (or focused) says who can and who can't come.
  await calendar
    .getByRole("button", { name: /: 4 of 5 can come/ })
    .first()
    .click();
  await expect(calendar.getByText(/can come; .+ can't\./)).toBeVisible();

  // The invite: readable in full, and as a QR code for the friend across the table.
  await page.getByText("Show a QR code").click();
  await expect(page.getByRole("img", { name: "QR code of the invite link" }).locator("svg")).toBeVisible();

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

const OTHERS = {
  Maya: ["900", "1,700", "1700"],
  Sam: ["900", "1,500", "1500"],
  Priya: ["1,600", "1600", "2,400", "2400"],
  Leo: ["800", "1,500", "1500"],
};
const OTHERS_NOTES = [
  "Anything with good veggie food makes me happy.",
  "step-free hotels and transport matter a lot",
  "Would love somewhere warm.",
  "Budget is flexible for me.",
];

/** Places in `text` where a member's name and one of their budget figures sit within a sentence of each other. */
function namedBudgets(text: string): string[] {
  const found: string[] = [];
  for (const [name, figures] of Object.entries(OTHERS)) {
    for (const figure of figures) {
      // A figure is an amount, not part of a word or a class name ("text-slate-900").
      const amount = `(?<![\\w,-])\\$?${figure}(?![\\d,])`;
      const near = new RegExp(`${name}[^.{}]{0,60}${amount}|${amount}[^.{}]{0,60}${name}`);
      const hit = near.exec(text);
      if (hit) found.push(hit[0]);
    }
  }
  return found;
}

test("a member sees others' budgets only as anonymous ranges, and their own part in a conflict by name", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await new HomePage(page).openDemoTrip();
  const invite = await new DashboardPage(page).inviteLink();
  // With recommendations generated, so their cards, headline and "How we decided" are on the page too.
  await new DashboardPage(page).recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(new DashboardPage(page).destinationCards().first()).toBeVisible({ timeout: 60_000 });
  const robin = await joinInNewBrowser(browser, invite, "Robin");
  await robin.page.goto(new URL(page.url()).pathname);
  const dashboard = new DashboardPage(robin.page);
  const budget = dashboard.budget();
  await expect(budget).toContainText("Gap");
  for (const name of ["Maya", "Sam", "Priya", "Leo", "Chen"]) await expect(budget).not.toContainText(name);
  const conflicts = dashboard.conflicts();
  await expect(conflicts).toContainText("One member needs at least $1,600 but another can spend at most $1,500");
  await expect(conflicts).not.toContainText("Priya lowers");

  // Everything this member can fetch: the page (text and HTML) and the dashboard's JSON.
  await expect(dashboard.destinationCards().first()).toBeVisible();
  await dashboard.recommendations().getByText("How we decided").click();
  const tripId = new URL(robin.page.url()).pathname.split("/")[2];
  const snapshot = await (await robin.page.request.get(`/api/trips/${tripId}/snapshot`)).text();
  for (const payload of [
    (await robin.page.locator("body").textContent()) ?? "",
    await robin.page.content(),
    snapshot,
  ]) {
    expect(namedBudgets(payload)).toEqual([]);
    for (const note of OTHERS_NOTES) expect(payload).not.toContain(note);
  }
  // The organizer still sees who: the same check finds names next to figures on their page.
  expect(namedBudgets((await page.locator("body").textContent()) ?? "").length).toBeGreaterThan(0);
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
  // On a phone a section is its one-line answer; the heat map opens on demand.
  const calendar = new DashboardPage(page).calendar();
  await expect(calendar).toContainText(/Everyone can go|can go|No dates suit everyone|flexible/);
  await calendar.getByRole("heading", { name: "When can everyone go?" }).click();
  await expect(calendar.getByRole("table").first()).toBeVisible();
  // The sections, most urgent first, stay one tap away.
  const nav = page.getByRole("navigation", { name: "Sections" });
  await nav.getByRole("link", { name: /^Conflicts/ }).click();
  await expect(page.getByRole("heading", { name: "Conflicts" })).toBeInViewport();
  await expect(nav).toBeInViewport();
  await context.close();
});
