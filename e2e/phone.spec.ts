import { expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { PlanPage } from "./pages/plan-page";

/**
 * On a phone (390 × 844) a member's own to-do is on the first screen, and the dashboard
 * with the destination cards and the plan page each fit in four screens before anything is
 * opened: long sections are one-line summaries that open on demand.
 */
test.setTimeout(300_000);

const SCREEN = { width: 390, height: 844 };

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}
const pageHeight = (page: Page) => page.evaluate(() => document.documentElement.scrollHeight);

test("a member's to-do is on the first screen, and the dashboard and the plan fit in four screens", async ({
  page,
  browser,
}) => {
  const tripId = await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  const invite = await dashboard.inviteLink();
  const { context: phone, page: member } = await joinInNewBrowser(browser, invite, "Robin", {
    viewport: SCREEN,
    isMobile: true,
    hasTouch: true,
  });
  await dashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(dashboard.destinationCards().nth(2)).toBeVisible({ timeout: 60_000 });
  await expect(dashboard.recommendations().getByRole("list", { name: "Generation progress" })).toHaveCount(0, {
    timeout: 60_000,
  });

  const memberDashboard = new DashboardPage(member);
  await memberDashboard.goto(tripId);
  await expect(memberDashboard.destinationCards().nth(2)).toBeVisible();
  const yourTurn = member.getByRole("region", { name: "Your turn" });
  await expect(yourTurn).toContainText("Add your preferences");
  await expect(yourTurn).toContainText("Vote for a destination");
  const box = await yourTurn.boundingBox();
  expect(box && box.y + box.height).toBeLessThanOrEqual(SCREEN.height);
  const cards = await memberDashboard.destinationCards().count();
  const dashboardHeight = await pageHeight(member);
  test.info().annotations.push({ type: "dashboard", description: `${dashboardHeight}px with ${cards} cards` });
  expect(dashboardHeight).toBeLessThanOrEqual(4 * SCREEN.height);
  // A summary opens on demand.
  await memberDashboard.openCard(memberDashboard.destinationCards().first());
  await expect(memberDashboard.destinationCards().first().getByText("Why it fits")).toBeVisible();

  // The organizer chooses and plans; the member's plan page on the phone.
  page.once("dialog", (dialog) => dialog.accept());
  await dashboard
    .destinationCards()
    .first()
    .getByRole("button", { name: /^Choose / })
    .click();
  const plan = new PlanPage(page);
  await plan.goto(tripId);
  await plan.confirmDates(isoDay(40), isoDay(44));
  await plan.generateItinerary();
  const memberPlan = new PlanPage(member);
  await memberPlan.goto(tripId);
  await expect(memberPlan.days().getByRole("heading", { name: /^Day 5/ })).toBeVisible();
  const planHeight = await pageHeight(member);
  test.info().annotations.push({ type: "plan", description: `${planHeight}px for 5 days` });
  expect(planHeight).toBeLessThanOrEqual(4 * SCREEN.height);
  // A day opens on demand and shows its flag buttons.
  await memberPlan
    .days()
    .getByRole("heading", { name: /^Day 1/ })
    .click();
  await expect(memberPlan.flagButtons().first()).toBeVisible();
  await phone.close();
});
