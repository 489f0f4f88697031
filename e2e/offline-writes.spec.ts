import { expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { controlled, outboxCount, tripCaches } from "./pages/offline";
import { PlanPage } from "./pages/plan-page";
import { SettingsPage } from "./pages/settings-page";

/**
 * What a member writes on the trip with no signal (production build): a flag waits on the
 * phone with the words typed, is sent once when the phone is back online and shows for the
 * organizer; one the plan changed under is refused, saying why and keeping the words. Signing
 * the phone out from the member's laptop clears what the phone kept of the trip at its next
 * request: its saved pages and its unsent writes.
 */
test.setTimeout(240_000);

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

test("a flag written offline is sent once when back online; a refused one says why; signing the phone out clears it", async ({
  page: olga,
  browser,
}) => {
  // Olga plans the demo trip; Ana joins on her phone and opens the plan once.
  const tripId = await new HomePage(olga).openDemoTrip();
  const dashboard = new DashboardPage(olga);
  const invite = await dashboard.inviteLink();
  await dashboard.chooseFirstIdea();
  const olgaPlan = new PlanPage(olga);
  await olgaPlan.goto(tripId);
  await olgaPlan.confirmDates(isoDay(40), isoDay(43));
  await olgaPlan.generateItinerary();

  const ana = await joinInNewBrowser(browser, invite, "Ana");
  await controlled(ana.page);
  const plan = new PlanPage(ana.page);
  await plan.goto(tripId);
  await expect(plan.days().getByRole("heading", { name: /^Day 1/ })).toBeVisible();

  // No signal: the saved plan opens, and the flag form still works.
  await ana.context.setOffline(true);
  await plan.goto(tripId);
  const waiting = ana.page.getByRole("list", { name: "Waiting to send" });
  const flag = async (reason: string, note: string) => {
    const button = plan.flagButtons().first();
    const title = ((await button.getAttribute("aria-label")) ?? "").replace(/^Flag /, "");
    await expect(button).toBeEnabled();
    await button.click();
    const form = ana.page.getByRole("form", { name: `Flag ${title}` });
    await form.getByLabel(reason).check();
    await form.getByLabel(/^Note/).fill(note);
    await form.getByRole("button", { name: "Send flag" }).click();
    return title;
  };
  const first = await flag("Not my thing", "Too early for me");
  await expect(waiting).toContainText(`Waiting to send — Flag on ${first}: Not my thing — “Too early for me”`);
  // Kept on the phone, not in the page: still there when the page is opened again.
  await ana.page.reload();
  await expect(waiting).toContainText("Too early for me");
  expect(await outboxCount(ana.page, tripId)).toBe(1);

  // Back online: sent, once, and the organizer sees it.
  await ana.context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  await expect(ana.page.getByRole("list", { name: `Feedback on ${first}` })).toContainText(
    "You flagged it: Not my thing — “Too early for me”",
  );
  await ana.page.reload();
  await olgaPlan.goto(tripId);
  const onFirst = (page: typeof olga) => page.getByRole("list", { name: `Feedback on ${first}` }).getByRole("listitem");
  await expect(onFirst(olga)).toHaveCount(1);
  await expect(onFirst(olga)).toContainText("Ana flagged it: Not my thing — “Too early for me”");
  await expect(onFirst(ana.page)).toHaveCount(1);
  expect(await outboxCount(ana.page, tripId)).toBe(0);

  // Offline again, Ana flags the next item; meanwhile Olga edits the plan by hand (version 2).
  await ana.context.setOffline(true);
  await plan.goto(tripId);
  const second = await flag("Too expensive", "Rather the beach");
  await expect(waiting).toContainText("Rather the beach");
  await olgaPlan
    .days()
    .getByRole("button", { name: /^Remove / })
    .last()
    .click();
  await expect(olga.getByRole("region", { name: "Versions" })).toContainText("Version 2");
  await ana.context.setOffline(false);
  const notSent = ana.page.getByRole("list", { name: "Not sent" });
  await expect(notSent).toContainText(
    `Not sent — Flag on ${second}: Too expensive: The plan changed since you opened it. Reload to see the latest version.`,
  );
  // What she typed stays, to copy into a flag on the new version.
  await expect(notSent).toContainText("“Rather the beach”");
  await expect(notSent.getByRole("button", { name: "Copy what I wrote" })).toBeVisible();
  await expect(waiting).toHaveCount(0);

  // From her laptop, Ana signs the phone out of the trip.
  const anasSettings = new SettingsPage(ana.page);
  await anasSettings.goto(tripId);
  const link = await anasSettings.linkForAnotherDevice();
  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto(link);
  await expect(laptop.getByText("You're in as Ana")).toBeVisible();
  const laptopSettings = new SettingsPage(laptop);
  await laptopSettings.goto(tripId);
  const devices = laptopSettings.devices();
  laptop.once("dialog", (dialog) => dialog.accept());
  await devices.getByRole("button", { name: /^Sign out / }).click();
  await expect(devices.getByRole("listitem")).toHaveCount(1);

  // The phone still holds the trip until it next asks the server; then it learns, and forgets.
  expect(await tripCaches(ana.page)).toEqual([`tripsync-trip-${tripId}`]);
  expect(await outboxCount(ana.page, tripId)).toBe(1);
  const refused = await ana.page.goto(`/trips/${tripId}/plan`);
  expect(refused?.status()).toBe(404);
  await expect.poll(() => tripCaches(ana.page)).toEqual([]);
  await expect.poll(() => outboxCount(ana.page, tripId)).toBe(0);
  await ana.context.setOffline(true);
  await expect(ana.page.goto(`/trips/${tripId}/plan`)).rejects.toThrow(/net::ERR_/);
  await ana.context.close();
  await laptop.context().close();
});
