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
  // Olga plans the demo trip; Ana joins on her phone and opens the plan once. The group's two runs
  // take most of the time: Ana joins while the ideas are made, her phone's worker installs while the plan is.
  const tripId = await new HomePage(olga).openDemoTrip();
  const dashboard = new DashboardPage(olga);
  const invite = await dashboard.inviteLink();
  const [ana] = await Promise.all([joinInNewBrowser(browser, invite, "Ana"), dashboard.chooseFirstIdea()]);
  const olgaPlan = new PlanPage(olga);
  await olgaPlan.goto(tripId);
  await olgaPlan.confirmDates(isoDay(40), isoDay(43));
  await Promise.all([olgaPlan.generateItinerary(), controlled(ana.page)]);
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

test("an expense written offline is kept on the phone, sent once when back online and shows for the others; a refused one says why", async ({
  page: olga,
  browser,
}) => {
  // The demo trip: the organizer and five sample members (Maya, Sam, Priya, Leo, Chen); Ana joins
  // on her phone (7 in all) and opens the trip's costs once. No plan is needed for costs.
  const tripId = await new HomePage(olga).openDemoTrip();
  const invite = await new DashboardPage(olga).inviteLink();
  const ana = await joinInNewBrowser(browser, invite, "Ana", { viewport: { width: 390, height: 844 } });
  await controlled(ana.page);
  const costs = `/trips/${tripId}/costs`;
  await ana.page.goto(costs);
  const form = ana.page.getByRole("form", { name: "Add an expense" });
  await expect(form.getByRole("textbox", { name: "What for" })).toBeVisible();

  // No signal: the saved costs page opens, saying so, and the expense form still works.
  await ana.context.setOffline(true);
  await ana.page.goto(costs);
  await expect(ana.page.getByText(/offline/i).first()).toBeVisible();
  const waiting = ana.page.getByRole("list", { name: "Waiting to send" });
  const addExpense = async (what: string, amount: string) => {
    await form.getByRole("textbox", { name: "What for" }).fill(what);
    await form.getByRole("textbox", { name: "Amount" }).fill(amount);
    await form.getByLabel("Currency").selectOption("USD");
    await form.getByRole("button", { name: "Add expense" }).click();
    await expect(form).toContainText("Kept on this phone: it's sent when you're back online.");
  };
  await addExpense("Po'boys for everyone", "70");
  await expect(waiting).toContainText("Waiting to send — Expense of 70 USD — “Po'boys for everyone”");
  // Kept on the phone, not in the page: still there when the page is opened again offline.
  await ana.page.reload();
  await expect(waiting).toContainText("Po'boys for everyone");
  expect(await outboxCount(ana.page, tripId)).toBe(1);

  // Back online: sent, once. $70 paid by Ana, split equally by the 7 of the trip: $10 each, so each
  // of the other six owes her $10.
  await ana.context.setOffline(false);
  await expect(waiting).toHaveCount(0);
  const expenses = (page: typeof olga) =>
    page.getByRole("region", { name: "Expenses" }).getByRole("listitem").filter({ hasText: "Po'boys for everyone" });
  await expect(expenses(ana.page)).toHaveCount(1);
  expect(await outboxCount(ana.page, tripId)).toBe(0);
  // The others see it: one expense of $70, and Sam owes Ana $10.
  await olga.goto(costs);
  await expect(expenses(olga)).toHaveCount(1);
  await expect(expenses(olga)).toContainText("Paid by Ana · shared by 7");
  await expect(olga.getByRole("region", { name: "The group" })).toContainText("1 expense, $70.00 in all");
  await expect(olga.getByRole("region", { name: "Settle up" })).toContainText("Sam pays Ana $10.00");
  // Opened again on the phone, nothing is sent twice.
  await ana.page.reload();
  await expect(expenses(ana.page)).toHaveCount(1);

  // Offline again, Ana adds a taxi split with everyone on her list; meanwhile the organizer removes
  // Sam from the trip. Back online, the server refuses it (Sam is no longer a member), saying so,
  // and what she typed stays to redo it.
  await ana.context.setOffline(true);
  await ana.page.goto(costs);
  await addExpense("Taxi to the airport", "42");
  await expect(waiting).toContainText("Taxi to the airport");
  await olga.goto(`/trips/${tripId}`);
  olga.once("dialog", (dialog) => dialog.accept());
  await olga.getByRole("button", { name: "Remove Sam" }).click();
  await expect(olga.getByRole("list", { name: "Members" })).not.toContainText("Sam");
  await ana.context.setOffline(false);
  const notSent = ana.page.getByRole("list", { name: "Not sent" });
  // Said once, then what she wrote.
  await expect(notSent).toContainText(
    /Not sent — Expense of 42 USD: That person isn't a member of this trip\.\s*What you wrote: “Taxi to the airport”/,
  );
  await expect(waiting).toHaveCount(0);
  await olga.goto(costs);
  await expect(olga.getByRole("region", { name: "Expenses" })).not.toContainText("Taxi to the airport");
  await expect(olga.getByRole("region", { name: "The group" })).toContainText("1 expense, $70.00 in all");
  await ana.context.close();
});
