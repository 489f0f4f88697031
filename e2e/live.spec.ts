import { expect, type Locator, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage, tripIdOf } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { countPageRenders } from "./pages/page-renders";
import { PreferencesPage } from "./pages/preferences-page";

/**
 * Four people with the trip open in four browsers. Whatever one of them does shows up on
 * everyone else's open page within 2 s of their own, with no reload (a marker set in each
 * page survives) and no refresh timer (there is none: the one that refreshed every 30 s is gone).
 * The run and the votes reach the pages as data: a run costs each page one render (its end),
 * a vote none.
 */

const LIVE_MS = 2_000;

/** Opens the dashboard and marks the page, so we can tell later that it was never reloaded. */
async function openDashboard(page: Page, tripId: string): Promise<void> {
  await new DashboardPage(page).goto(tripId);
  await page.evaluate(() => {
    (window as unknown as { openedOnce: boolean }).openedOnce = true;
  });
}

async function expectNotReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce)).toBe(true);
}

/**
 * Starts watching the page for each selector; `shownAt` answers when each first appeared
 * (epoch ms, NaN: never). Taken in the page, so the test's own polling of four browsers on
 * a busy machine doesn't count against the page.
 */
async function noteWhenShown(page: Page, selectors: Record<string, string>): Promise<void> {
  await page.evaluate((watched) => {
    const w = window as unknown as { shownAt: Record<string, number> };
    w.shownAt = {};
    const check = () => {
      for (const [name, selector] of Object.entries(watched))
        if (w.shownAt[name] === undefined && document.querySelector(selector)) w.shownAt[name] = Date.now();
    };
    new MutationObserver(check).observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  }, selectors);
}

async function shownAt(page: Page, name: string): Promise<number> {
  return page.evaluate(
    (n) => (window as unknown as { shownAt: Record<string, number> }).shownAt[n] ?? Number.NaN,
    name,
  );
}

/** Waits for `what` on the actor's page, then expects it on every other page within LIVE_MS of it. */
async function expectEverywhere(pages: Page[], what: (page: Page) => Locator, actor: Page = pages[0] as Page) {
  await expect(what(actor)).toBeVisible({ timeout: 30_000 });
  for (const page of pages) await expect(what(page)).toBeVisible({ timeout: LIVE_MS });
}

test("four people see a join, a saved answer, the run's progress and each card as it passes, and a vote without a page render", async ({
  browser,
}) => {
  // Four browsers and a whole run on a 2-core CI machine beside another worker: more time for
  // the test as a whole; every "on everyone's page within 2 s" check stays as strict.
  test.slow();
  const olgaContext = await browser.newContext();
  const olga = await olgaContext.newPage();
  const tripId = await new HomePage(olga).createTrip("Live weekend", "Olga");
  await new PreferencesPage(olga).fillAndSave({
    windows: [{ start: "2027-06-10", end: "2027-06-20" }],
    tripLength: { min: 3, max: 5 },
    budget: { min: 600, max: 2500 },
    vibes: ["Food", "Culture"],
  });
  await openDashboard(olga, tripId);
  const invite = await new DashboardPage(olga).inviteLink();

  const ben = await joinInNewBrowser(browser, invite, "Ben");
  await new PreferencesPage(ben.page).fillAndSave({ flexible: true, vibes: ["Food"] });
  const cleo = await joinInNewBrowser(browser, invite, "Cleo");
  await new PreferencesPage(cleo.page).fillAndSave({ flexible: true, vibes: ["Culture"] });
  await openDashboard(ben.page, tripId);
  await openDashboard(cleo.page, tripId);
  const open = [olga, ben.page, cleo.page];
  // Count whole-page renders from here on: documents and RSC (server component) requests.
  const openRenders = open.map(countPageRenders);

  // A fourth person joins: everyone's member list shows them, still pending.
  const dev = await joinInNewBrowser(browser, invite, "Dev");
  const devRow = (page: Page) =>
    page
      .getByRole("list", { name: "Members" })
      .getByRole("listitem")
      .filter({ hasText: /\bDev\b/ });
  for (const page of open) await expect(devRow(page)).toContainText("Pending", { timeout: LIVE_MS });

  // Dev saves their answers: everyone sees them respond.
  await new PreferencesPage(dev.page).fillAndSave({ flexible: true, vibes: ["Food", "Culture"] });
  for (const page of open) await expect(devRow(page)).toContainText("Responded", { timeout: LIVE_MS });
  for (const page of open) await expect(page.getByText("4 of 4 have shared their preferences.")).toBeVisible();
  // The join and the save came as data: no page was rendered again for them. Each page says
  // its figures (dates, budget, vibes) are from before Dev's answers, and reads them on request.
  for (const counted of openRenders) expect(counted.count, counted.urls.join("\n")).toBe(0);
  for (const page of open)
    await expect(page.getByText("Someone's answers changed since you opened this page")).toBeVisible();
  await openDashboard(dev.page, tripId);
  const everyone = [...open, dev.page];

  // Count the run's whole-page renders from here on.
  const renders = everyone.map(countPageRenders);

  // Olga generates: every page, hers included, shows the progress within 2 s of her click.
  const section = (page: Page) => new DashboardPage(page).recommendations();
  // Each page notes the moment the timeline, the first card of the run (while it goes on) and
  // the final cards (with their vote buttons, after the run) appear in it; the browsers share
  // this machine's clock.
  await Promise.all(
    everyone.map((page) =>
      noteWhenShown(page, {
        timeline: 'ol[aria-label="Generation progress"]',
        firstCard: 'section[aria-labelledby="early-cards-title"] article',
        finalCards: 'article button[aria-label^="Vote for"]',
      }),
    ),
  );
  const clickedAt = Date.now();
  await section(olga).getByRole("button", { name: "Generate recommendations" }).click();
  for (const page of everyone) {
    await expect.poll(() => shownAt(page, "timeline"), { timeout: 30_000 }).not.toBeNaN();
    expect(await shownAt(page, "timeline")).toBeLessThan(clickedAt + LIVE_MS);
  }

  const cards = (page: Page) => new DashboardPage(page).destinationCards().first();
  const voteButton = (page: Page) => cards(page).getByRole("button", { name: /^Vote for/ });
  await expectEverywhere(everyone, voteButton);
  // The first card that passed its checks showed in all four while the run went on: before
  // the run's end brought the final list.
  for (const page of everyone) expect(await shownAt(page, "firstCard")).toBeLessThan(await shownAt(page, "finalCards"));
  // One whole-page render per view for the whole run: when it ended, to show the final cards.
  for (const counted of renders) expect(counted.count, counted.urls.join("\n")).toBeLessThanOrEqual(1);

  // Ben votes: everyone sees the count move, and nobody's page is rendered again for it.
  const beforeVote = renders.map((r) => r.count);
  await voteButton(ben.page).click();
  await expectEverywhere(everyone, (page) => cards(page).getByText("1 vote", { exact: true }), ben.page);
  await expect(section(olga)).toContainText("1 of 4 have voted. Waiting on Olga, Cleo and Dev.");
  await expect(section(cleo.page)).toContainText("1 of 4 have voted.");
  await expect(section(cleo.page)).not.toContainText("Waiting on");
  await expect(cards(ben.page).getByRole("button", { name: /^Vote for/ })).toHaveAttribute("aria-pressed", "true");
  expect(renders.map((r) => r.count)).toEqual(beforeVote);

  for (const page of everyone) await expectNotReloaded(page);
  await Promise.all([olgaContext.close(), ben.context.close(), cleo.context.close(), dev.context.close()]);
});

test("a reload mid-run first paints every step already finished as finished, never as pending", async ({
  page,
  browser,
}) => {
  await new HomePage(page).openDemoTrip();
  const tripId = tripIdOf(page.url());
  const section = new DashboardPage(page).recommendations();
  // The first paint, as a reload shows it before any script runs: a browser with JavaScript off.
  const firstPaint = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const reloaded = await firstPaint.newPage();

  await section.getByRole("button", { name: "Generate recommendations" }).click();
  await expect.poll(() => doneStages(page)).not.toEqual([]);
  const doneBefore = await doneStages(page);
  await new DashboardPage(reloaded).goto(tripId);
  await expect(
    new DashboardPage(reloaded).recommendations().getByRole("list", { name: "Generation progress" }),
  ).toBeVisible();
  const doneOnFirstPaint = await doneStages(reloaded);
  for (const stage of doneBefore) expect(doneOnFirstPaint).toContain(stage);
  await firstPaint.close();
});

/** The timeline rows a page shows as finished (each row says its state to screen readers). */
async function doneStages(page: Page): Promise<string[]> {
  const rows = await new DashboardPage(page)
    .recommendations()
    .getByRole("list", { name: "Generation progress" })
    .getByRole("listitem")
    .allTextContents();
  return rows
    .filter((text) => /— (done|done with warnings)/.test(text))
    .map((text) => text.split("—")[0]?.trim() ?? "");
}
