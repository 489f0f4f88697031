import { type Browser, expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { PlanPage } from "./pages/plan-page";
import { PreferencesPage } from "./pages/preferences-page";

/**
 * A group of three, every one of them on a phone (390 × 844), through the trip's five stages:
 * the organizer alone, everyone's answers in, the destination ideas, the plan, the final plan.
 * At each stage, for each member, their own to-do is inside the first screen, and with the
 * sections closed (as a phone shows them) the dashboard and the plan page are each at most
 * three screens tall. The stages are reached the quickest way the product offers; what is
 * measured is the pages.
 */
test.setTimeout(180_000);

const SCREEN = { width: 390, height: 844 };
const PHONE = { viewport: SCREEN, isMobile: true, hasTouch: true };
/** Three phone screens: 3 × 844 px. */
const MAX_HEIGHT = 3 * SCREEN.height;

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}
/** Everyone can go in the same ten days, for four or five of them: no conflict holds the group up. */
const ANSWERS = { windows: [{ start: isoDay(30), end: isoDay(40) }], tripLength: { min: 4, max: 5 } };

type Member = { name: string; page: Page };

const pageHeight = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollHeight ?? 0);
/** What takes the room: each part of the page's main column and its height (said when a page is too tall). */
const parts = (page: Page) =>
  page.evaluate(() =>
    [...(document.querySelector("main > div")?.children ?? [])]
      .map(
        (el) =>
          `${(el.querySelector("h1,h2,summary")?.textContent ?? el.tagName).slice(0, 30)}: ${Math.round(el.getBoundingClientRect().height)}`,
      )
      .join("; "),
  );
/** The to-do at the top of the dashboard, whatever it says. */
const toDo = (page: Page) => page.getByRole("region", { name: /^(Your turn|Nothing for you to do right now)$/ });

/** The member's dashboard on their phone: the to-do says `says` and is on the first screen; ≤ 3 screens in all. */
async function checkDashboard(stage: string, member: Member, tripId: string, says: string | RegExp) {
  await new DashboardPage(member.page).goto(tripId);
  const todo = toDo(member.page);
  await expect(todo).toContainText(says);
  const box = await todo.boundingBox();
  expect(box, `${stage}: ${member.name}'s to-do is on the page`).not.toBeNull();
  expect(
    box && box.y + box.height,
    `${stage}: ${member.name}'s to-do ends inside the first screen`,
  ).toBeLessThanOrEqual(SCREEN.height);
  const height = await pageHeight(member.page);
  test.info().annotations.push({ type: `${stage} · ${member.name} · dashboard`, description: `${height}px` });
  expect(
    height,
    `${stage}: ${member.name}'s dashboard is at most 3 screens (${await parts(member.page)})`,
  ).toBeLessThanOrEqual(MAX_HEIGHT);
}

/** The member's plan page on their phone: the days are there, ≤ 3 screens in all. */
async function checkPlan(stage: string, member: Member, tripId: string) {
  const plan = new PlanPage(member.page);
  await plan.goto(tripId);
  await expect(plan.days().getByRole("heading", { name: /^Day 4/ })).toBeVisible();
  const height = await pageHeight(member.page);
  test.info().annotations.push({ type: `${stage} · ${member.name} · plan`, description: `${height}px` });
  expect(
    height,
    `${stage}: ${member.name}'s plan page is at most 3 screens (${await parts(member.page)})`,
  ).toBeLessThanOrEqual(MAX_HEIGHT);
}

async function onPhone(browser: Browser) {
  const context = await browser.newContext(PHONE);
  return { context, page: await context.newPage() };
}

test("on a phone, at every stage, each member's to-do is on the first screen and the dashboard and plan fit in 3 screens", async ({
  browser,
}) => {
  const olgaPhone = await onPhone(browser);
  const olga: Member = { name: "Olga", page: olgaPhone.page };
  const tripId = await new HomePage(olga.page).createTrip("Phone weekend", "Olga");

  // 1. Alone: inviting is the organizer's job, and the link is right under her to-do, with its QR code.
  await checkDashboard("alone", olga, tripId, "Invite your group");
  const invite = olga.page.getByRole("region", { name: "Invite the group" });
  await expect(invite.getByRole("img", { name: "QR code of the invite link" })).toBeVisible();
  const link = await new DashboardPage(olga.page).inviteLink();

  // 2. Answers in: two friends join on their phones and everyone answers.
  const joined = await Promise.all(["Kim", "Ravi"].map((name) => joinInNewBrowser(browser, link, name, PHONE)));
  const [kim, ravi] = joined.map((j, i) => ({ name: ["Kim", "Ravi"][i] ?? "", page: j.page }));
  if (!kim || !ravi) throw new Error("two friends joined");
  for (const member of [olga, kim, ravi]) {
    const preferences = new PreferencesPage(member.page);
    await preferences.goto(tripId);
    await preferences.fillAndSave(ANSWERS);
  }
  await checkDashboard("answers in", olga, tripId, "Get destination ideas");
  // With three in, the invite gives way to the group's state: it's a closed card beside "Who's in".
  await expect(olga.page.getByRole("img", { name: "QR code of the invite link" })).toBeHidden();
  for (const member of [kim, ravi]) await checkDashboard("answers in", member, tripId, "Nothing for you to do");

  // 3. Ideas: the organizer generates them; each friend is asked to vote.
  const olgaDashboard = new DashboardPage(olga.page);
  await olgaDashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(olgaDashboard.recommendations().getByText(/have voted/)).toBeVisible({ timeout: 60_000 });
  await checkDashboard("ideas", olga, tripId, "Choose a destination");
  for (const member of [kim, ravi]) await checkDashboard("ideas", member, tripId, "Vote for a destination");

  // 4. The plan: the organizer chooses the first idea, confirms four days and plans them.
  await olgaDashboard.goto(tripId);
  olga.page.once("dialog", (dialog) => dialog.accept());
  await olgaDashboard
    .destinationCards()
    .first()
    .getByRole("button", { name: /^Choose / })
    .click();
  // Chosen, the ideas are a record: one line on a phone.
  await expect(olgaDashboard.recommendations()).toContainText("Chosen:");
  const olgaPlan = new PlanPage(olga.page);
  await olgaPlan.goto(tripId);
  await olgaPlan.confirmDates(isoDay(32), isoDay(35));
  await olgaPlan.generateItinerary();
  await checkDashboard("plan", olga, tripId, "Finalize the plan");
  for (const member of [kim, ravi]) await checkDashboard("plan", member, tripId, "The plan is ready to look at");
  for (const member of [olga, kim, ravi]) await checkPlan("plan", member, tripId);

  // 5. Final: the organizer finalizes; everyone's to-do says so.
  await olgaPlan.goto(tripId);
  await olgaPlan.organizerClicks("Finalize the plan");
  await expect(olga.page.getByText("This plan is final.")).toBeVisible();
  for (const member of [olga, kim, ravi]) {
    await checkDashboard("final", member, tripId, "The final plan is ready");
    await checkPlan("final", member, tripId);
  }

  await Promise.all([olgaPhone.context.close(), ...joined.map((j) => j.context.close())]);
});
