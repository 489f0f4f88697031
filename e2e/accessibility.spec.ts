import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { SettingsPage } from "./pages/settings-page";

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("main pages have no serious or critical axe violations", async ({ page, browser }) => {
  await new HomePage(page).goto();
  await expectNoSeriousViolations(page);

  const tripId = await new HomePage(page).openDemoTrip();
  await expectNoSeriousViolations(page);

  await new SettingsPage(page).goto(tripId);
  await expectNoSeriousViolations(page);

  await page.goto(`/trips/${tripId}/preferences`);
  await expectNoSeriousViolations(page);
  // Errors shown inline must be accessible too.
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Some answers need another look" })).toBeVisible();
  await expectNoSeriousViolations(page);

  const dashboard = new DashboardPage(page);
  await dashboard.goto(tripId);
  const invite = await dashboard.inviteLink();
  const guest = await browser.newContext();
  const guestPage = await guest.newPage();
  await guestPage.goto(invite);
  await expectNoSeriousViolations(guestPage);
  await guest.close();
});

test("a trip can be created with the keyboard alone; its empty dashboard says how to start", async ({ page }) => {
  await page.goto("/");
  const tripName = page.getByLabel("Trip name");
  for (let i = 0; i < 15 && !(await tripName.evaluate((el) => el === document.activeElement)); i++) {
    await page.keyboard.press("Tab");
  }
  await expect(tripName).toBeFocused();
  await page.keyboard.type("Keyboard trip");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Your name")).toBeFocused();
  await page.keyboard.type("Kai");
  await page.keyboard.press("Enter");
  await page.waitForURL(/\/preferences/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kai's preferences");

  // Nobody has answered yet: the dashboard says what will appear and how to start.
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page.getByText("Nobody has shared their preferences yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Add my preferences" })).toBeVisible();
});

test("the live timeline and the destination cards have no serious axe violations, and voting works by keyboard", async ({
  page,
}) => {
  await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  const generate = dashboard.recommendations().getByRole("button", { name: "Generate recommendations" });
  await generate.focus();
  await page.keyboard.press("Enter");
  await expect(dashboard.recommendations().getByRole("list", { name: "Generation progress" })).toBeVisible();
  await expectNoSeriousViolations(page);
  await expect(dashboard.destinationCards().first()).toBeVisible({ timeout: 30_000 });
  await expectNoSeriousViolations(page);
  const vote = dashboard
    .destinationCards()
    .first()
    .getByRole("button", { name: /^Vote for/ });
  await vote.focus();
  await page.keyboard.press("Enter");
  await expect(vote).toHaveAttribute("aria-pressed", "true");
});

test("on a phone (390 × 844) the dashboard and the form pass axe, and a new member's own to-do comes first", async ({
  page,
  browser,
}) => {
  await new HomePage(page).openDemoTrip();
  const invite = await new DashboardPage(page).inviteLink();
  const { context: phone, page: member } = await joinInNewBrowser(browser, invite, "Robin", {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await expectNoSeriousViolations(member);
  await member.screenshot({ path: test.info().outputPath("phone-form.png"), fullPage: true });

  await member.goto(new URL(page.url()).pathname);
  const sections = member.getByRole("navigation", { name: "Sections" });
  await expect(sections.getByRole("link").first()).toHaveText("Add my preferences");
  await expectNoSeriousViolations(member);
  await member.screenshot({ path: test.info().outputPath("phone-dashboard.png"), fullPage: true });
  // The member's settings, reached from the sections on a phone.
  await sections.getByRole("link", { name: "Settings" }).click();
  await expect(member.getByRole("heading", { level: 1, name: "Your settings" })).toBeVisible();
  await expectNoSeriousViolations(member);
  await phone.close();
});
