import { expect, type Locator, type Page, test } from "@playwright/test";
import { AssistantPanel } from "./pages/assistant-panel";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";

test("on the demo trip, the assistant answers a question and saves an agreement once the person approves it", async ({
  page,
}) => {
  await new HomePage(page).openDemoTrip();
  const assistant = new AssistantPanel(page);

  // A suggestion chip: answered with a read, the conflicts drawn as the dashboard's own items.
  await assistant.suggestion("What do we still disagree on?").click();
  await expect(assistant.conversation()).toContainText(/The group disagrees on \d things?/);
  await expect(assistant.conversation().getByRole("list", { name: "Conflicts" })).toBeVisible();
  await expect(assistant.conversation()).toContainText("Done: Listed where the group disagrees");

  // A write that needs the person's yes: nothing is saved until they approve.
  await assistant.ask("Remember that we prefer trains over flights");
  const card = assistant.conversation().getByRole("region", { name: "Approve this?" });
  await expect(card).toContainText('Add to "What we\'ve agreed": We prefer trains over flights');
  await watchRun(page, "Finding destination ideas");
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(assistant.conversation()).toContainText('Saved to "What we\'ve agreed"');

  // The agreement is on the dashboard for the group, marked as the assistant's proposal.
  const agreed = new DashboardPage(page).section("What we've agreed");
  await expect(agreed).toContainText("We prefer trains over flights", { timeout: 15_000 });
  await expect(agreed).toContainText("Proposed by the assistant");

  // The conversation is kept on the server: it is there after a reload, and "Clear conversation" empties it.
  await page.reload();
  await expect(assistant.conversation()).toContainText("We prefer trains over flights");
  await assistant.region().getByRole("button", { name: "Clear conversation" }).click();
  await expect(assistant.region()).toContainText("Conversation cleared.");
  await page.reload();
  await expect(assistant.conversation()).not.toContainText("trains");
});

/** The rows of a run's timeline by the state each says to screen readers ("Researching destinations — done"). */
function rowsSaying(timeline: Locator, state: "done" | "in progress" | "waiting") {
  // The row's first line ends with its state; a second line may follow with the step's detail.
  return timeline.getByRole("listitem").filter({ has: timeline.page().getByText(new RegExp(`— ${state}$`)) });
}

/**
 * Notes, in the page, each state the run's timeline in the answer goes through ("3 done of
 * 11"), so the test's own polling on a busy machine can't miss a short one.
 */
async function watchRun(page: Page, name: string) {
  await page.evaluate((label) => {
    const w = window as unknown as { runSeen: string[] };
    w.runSeen = [];
    const note = () => {
      const rows = [...document.querySelectorAll(`section[aria-label="${label}"] ol > li`)];
      if (rows.length === 0) return;
      const done = rows.filter((li) => /— done$/.test(li.querySelector("p")?.textContent ?? "")).length;
      const at = `${done} done of ${rows.length}`;
      if (w.runSeen.at(-1) !== at) w.runSeen.push(at);
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
  }, name);
}

test("the organizer asks for destination ideas: the run's live timeline is in the answer, through a reload, to done; a second member's page follows live", async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const tripId = await new HomePage(page).openDemoTrip();
  const { context: noraContext, page: nora } = await joinInNewBrowser(
    browser,
    await new DashboardPage(page).inviteLink(),
    "Nora",
  );
  await new DashboardPage(nora).goto(tripId);
  await nora.evaluate(() => {
    (window as unknown as { openedOnce: boolean }).openedOnce = true;
  });

  const assistant = new AssistantPanel(page);
  await assistant.suggestion("Find destination ideas for us").click();
  const card = assistant.conversation().getByRole("region", { name: "Approve this?" });
  await expect(card).toContainText("Start destination recommendations for the group.");
  await watchRun(page, "Finding destination ideas");
  await card.getByRole("button", { name: "Approve" }).click();

  // The run, inside the answer: the same timeline as the dashboard's, moving as the steps happen.
  const run = assistant.run("Finding destination ideas");
  const timeline = run.getByRole("list", { name: "Generation progress" });
  await expect(run.getByRole("status")).toHaveText("Finding destination ideas…");
  await expect(rowsSaying(timeline, "done").first()).toBeVisible({ timeout: 30_000 });
  // Nora's open dashboard shows the same run, live (no reload).
  await expect(
    new DashboardPage(nora).recommendations().getByRole("list", { name: "Generation progress" }),
  ).toBeVisible({ timeout: 5_000 });
  // The steps came one by one: the page saw the timeline part done while the run went on.
  const partlyDone = async () => {
    const seen: string[] = await page.evaluate(() => (window as unknown as { runSeen: string[] }).runSeen);
    return seen.filter((at) => {
      const [done = 0, , , total = 0] = at.split(" ").map(Number);
      return done > 0 && done < total;
    }).length;
  };
  await expect.poll(partlyDone, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);

  // A reload mid-run: the steps already done are done from the first paint (the page's render
  // carries the run as it is now; the live channel only brings what happens after it).
  const doneBefore = await rowsSaying(timeline, "done").count();
  await page.reload();
  await expect(timeline).toBeVisible();
  expect(await rowsSaying(timeline, "done").count()).toBeGreaterThanOrEqual(doneBefore);
  // Screen readers hear the run start and end from the status line; the steps are kept out of the live log.
  await expect(run.locator('[aria-live="off"]')).toContainText("Researching destinations");

  await expect(run.getByRole("status")).toHaveText("The destination ideas are ready.", { timeout: 60_000 });
  // Every stage of the run finished: none still waiting or going.
  await expect(rowsSaying(timeline, "waiting")).toHaveCount(0);
  await expect(rowsSaying(timeline, "in progress")).toHaveCount(0);

  await expect(new DashboardPage(nora).destinationCards().first()).toBeVisible({ timeout: 15_000 });
  expect(await nora.evaluate(() => (window as unknown as { openedOnce?: boolean }).openedOnce)).toBe(true);

  // After the end, a reload shows the run as it is now (ready), not as the answer was written; on a phone too.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const sheet = assistant.region();
  if (!(await assistant.conversation().isVisible())) await sheet.getByRole("heading", { name: "Ask TripSync" }).click();
  await expect(run.getByRole("status")).toHaveText("The destination ideas are ready.");
  const box = await run.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 390).toBe(true);
  await run.getByRole("link", { name: "See the destination ideas" }).click();
  await expect(new DashboardPage(page).destinationCards().first()).toBeVisible();
  await noraContext.close();
});

/**
 * What each chip of the demo's organizer is answered with, on a fresh demo trip (the demo
 * group as lib/demo-trip.ts makes it: two conflicts, nothing agreed yet, the organizer hasn't
 * answered). An answer is text, or the approval card of what the chip asked for.
 */
const CHIP_ANSWERS: Record<string, { says: RegExp } | { card: string }> = {
  "What's next for our trip?": { says: /is at: collecting everyone's answers\. Still to answer: Organizer\./ },
  "What do we still disagree on?": { says: /The group disagrees on \d things?/ },
  "What have we agreed so far?": { says: /Nothing is in "What we've agreed" yet\./ },
  "Remember that we prefer trains over flights": { card: 'Add to "What we\'ve agreed": We prefer trains over flights' },
  "Find destination ideas for us": { card: "Start destination recommendations for the group." },
  "Cross-reference our open conflicts with my answers and tell me what to fix first": {
    says: /You haven't answered yet: your answers come first\./,
  },
};

test("every suggestion chip the demo's organizer is offered gets an answer, not a refusal or a shrug", async ({
  page,
}) => {
  test.setTimeout(150_000);
  await new HomePage(page).openDemoTrip();
  const assistant = new AssistantPanel(page);
  await expect(assistant.suggestions().first()).toBeVisible();
  const chips = await assistant.suggestions().allTextContents();
  expect(chips.sort()).toEqual(Object.keys(CHIP_ANSWERS).sort());

  for (const chip of chips) {
    const expected = CHIP_ANSWERS[chip];
    await assistant.suggestion(chip).click();
    const log = assistant.conversation();
    if (expected && "card" in expected) {
      const card = log.getByRole("region", { name: "Approve this?" });
      await expect(card, chip).toContainText(expected.card);
      // Declined here: what the chip does once approved is the other tests' (nothing changes).
      await card.getByRole("button", { name: "Decline" }).click();
      await expect(log, chip).toContainText(/Declined|Nothing was changed/);
    } else {
      await expect(log, chip).toContainText(/Done: /);
      await expect(log, chip).toContainText(expected?.says ?? /never/);
      await expect(log, chip).not.toContainText(/Not done|Partly done/);
    }
    await expect(log, chip).not.toContainText(/I can't|didn't understand|That didn't work/i);
    await assistant.clear();
    await expect(assistant.region()).toContainText("Conversation cleared.");
  }
});
