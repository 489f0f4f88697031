import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { hasBuild, postgresServerUrl, startEmbeddedServer, startProductionServers } from "../test/production-servers";
import { type Received, startSmtpServer } from "../test/smtp";
import { PORT } from "./http/servers";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { PlanPage } from "./pages/plan-page";
import { type PreferencesAnswers, PreferencesPage } from "./pages/preferences-page";
import { dayHeadings, headingOf, readCalendar, sharePageTitles, TripSurfaces } from "./pages/trip-surfaces";

/**
 * One story, end to end: three friends plan a real trip (not the demo) on a production server of
 * its own (PostgreSQL by default, the embedded database with JOURNEY_DATABASE=pglite), the
 * offline planner, real Chromium and a real SMTP server. Olga organizes on a desktop, Dan answers
 * on a 390×844 phone, Sam on a desktop. At every step each member's to-do, section chip, conflicts
 * card, plan titles, share page, print view, calendars, the assistant's reading and the last email
 * must agree with each other and with the trip as the app's own loaders give it to that member.
 */
// About a minute on a quiet machine; a loaded one (several builds at once) takes many times that.
test.setTimeout(900_000);

const JOURNEY_PORT = PORT + 30;
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

type Member = { name: string; context: BrowserContext; page: Page; trip: TripSurfaces };

test("three friends plan a trip: every surface tells the same story at every step", async ({ browser }) => {
  // `npm run test:e2e` builds first; without a build this fails rather than passing unseen.
  expect(hasBuild(), "needs the production build (npm run build)").toBe(true);
  const smtp = await startSmtpServer();
  const env = {
    SMTP_URL: smtp.url,
    OFFLINE_MODEL_LATENCY_MS: "150",
    RATE_LIMIT_CREATE: "1000/600",
    RATE_LIMIT_JOIN: "1000/600",
    RATE_LIMIT_SAVE: "1000/60",
    RATE_LIMIT_READ: "1000/60",
  };
  const server =
    process.env.JOURNEY_DATABASE === "pglite"
      ? await startEmbeddedServer({ name: "journey", port: JOURNEY_PORT, env })
      : await (async () => {
          const s = await startProductionServers({
            name: `journey_${JOURNEY_PORT}`,
            ports: [JOURNEY_PORT],
            env,
            serverUrl: postgresServerUrl(),
          });
          return { base: s.bases[0] as string, log: s.logs[0] as string, stop: s.stop };
        })();
  const contexts: BrowserContext[] = [];
  try {
    await story(browser, server.base, contexts, smtp.received);
  } finally {
    await Promise.all(contexts.map((c) => c.close()));
    await server.stop();
    await smtp.close();
  }
});

async function story(browser: Browser, base: string, contexts: BrowserContext[], mail: Received[]) {
  // 1. Olga creates the trip on her desktop and answers.
  const olgaContext = await browser.newContext({ baseURL: base });
  contexts.push(olgaContext);
  const olgaPage = await olgaContext.newPage();
  const tripId = await new HomePage(olgaPage).createTrip("Spring with friends", "Olga");
  const olgaAnswers: PreferencesAnswers = {
    windows: [{ start: "2027-04-06", end: "2027-04-20" }],
    tripLength: { min: 5, max: 5 },
    budget: { min: 1500, max: 3000 },
    vibes: ["Food", "Culture"],
    hardNos: ["red-eye flights"],
    mustHaves: ["a beach day"],
    notes: "I hate museums",
  };
  const olgaPrefs = new PreferencesPage(olgaPage);
  await olgaPrefs.fill(olgaAnswers);
  // What the planner reads from her words names the hard no and the dislike it enforces.
  const reads = olgaPage.getByRole("region", { name: "What the planner reads from your words" });
  await expect(reads).not.toContainText("Nothing beyond the boxes you ticked");
  await expect(reads).toContainText(/museum/i);
  await expect(reads).toContainText(/red-eye/i);
  await olgaPrefs.save();
  await olgaPrefs.expectSaved();
  const olga: Member = { name: "Olga", context: olgaContext, page: olgaPage, trip: new TripSurfaces(olgaPage, tripId) };
  await olga.trip.openDashboard();
  // Alone in the trip: her first job is inviting people, not getting ideas.
  const alone = await olga.trip.todo();
  expect(alone.titles[0]).toBe("Invite your group");
  expect(alone.titles).not.toContain("Get destination ideas");
  await agree([olga]);
  const invite = await olga.trip.dashboard.inviteLink();

  // 2. Dan joins on his phone (a hard cap), Sam on a desktop; both give an email address.
  const dan = await join(browser, base, contexts, invite, "Dan", tripId, PHONE, {
    windows: [{ start: "2027-04-12", end: "2027-04-25" }],
    tripLength: { min: 5, max: 6 },
    budget: { min: 800, max: 1200, hardLimit: true },
    vibes: ["Food"],
  });
  const sam = await join(
    browser,
    base,
    contexts,
    invite,
    "Sam",
    tripId,
    {},
    {
      windows: [{ start: "2027-04-08", end: "2027-04-14" }],
      tripLength: { min: 5, max: 6 },
      budget: { min: 1000, max: 2500 },
      vibes: ["Culture", "Nightlife"],
    },
  );
  for (const m of [dan, sam]) await m.trip.saveEmail(`${m.name.toLowerCase()}@friends.example`);
  const group = [olga, dan, sam];

  // 3. The answers clash: Olga's minimum is above Dan's hard cap, and the dates overlap 3 days of 5.
  const clash = await agree(group);
  expect(clash.olga.conflicts.map((c) => c.kind).sort()).toEqual(expect.arrayContaining(["budget", "dates"]));
  // With high conflicts open, Olga is told to settle them, not to get ideas.
  expect((await olga.trip.todo()).titles).not.toContain("Get destination ideas");
  // The assistant, through the real route, counts the conflicts the dashboard lists.
  expect(await olga.trip.assistantConflictCount()).toBe(clash.olga.conflicts.length);

  // 4. Each member with a part in a fix applies it from their own to-do.
  for (const m of group) {
    const state = await m.trip.state();
    const fix = state.fixes.resolutions[0];
    if (!fix) continue;
    await m.trip.openDashboard();
    await m.trip.applyFromTodo(fix.label);
    await agree(group);
  }
  const settled = await agree(group);
  expect(settled.olga.conflicts.filter((c) => c.severity === "high")).toEqual([]);

  // 5. Ideas: Olga gets them; everyone's page agrees (few fit or not), Dan and Sam vote, Olga chooses.
  await olga.trip.openDashboard();
  await olga.trip.dashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(olga.trip.dashboard.destinationCards().first()).toBeVisible({ timeout: 60_000 });
  await agree(group);
  for (const m of [dan, sam]) {
    await m.trip.openDashboard();
    expect((await m.trip.todo()).titles).toContain("Vote for a destination");
    await m.trip.dashboard
      .destinationCards()
      .first()
      .getByRole("button", { name: /^Vote for/ })
      .click();
    await expect(m.trip.dashboard.destinationCards().first()).toContainText(/Your vote|Voted/);
    expect((await m.trip.todo()).titles).not.toContain("Vote for a destination");
  }
  // The first email each of them got says the ideas are ready, for this trip.
  await expect.poll(() => mail.filter((m) => m.envelopeTo.includes("dan@friends.example")).length).toBeGreaterThan(0);
  const danMail = mail.filter((m) => m.envelopeTo.includes("dan@friends.example")).at(-1);
  expect(danMail?.mail.text ?? "").toContain("Spring with friends");
  expect(danMail?.mail.text ?? "").toMatch(/ideas|vote/i);
  await olga.trip.openDashboard();
  olga.page.once("dialog", (dialog) => dialog.accept());
  await olga.trip.dashboard
    .destinationCards()
    .first()
    .getByRole("button", { name: /^Choose / })
    .click();
  await expect(olga.trip.dashboard.destinationCards().first()).toContainText("Chosen");
  await agree(group);

  // 6. The plan: dates confirmed, days planned; every member's plan page titles its days as the loader does.
  const plan = new PlanPage(olga.page);
  await plan.goto(tripId);
  const first = await plan.organizer().getByLabel("First day").inputValue();
  const last = await plan.organizer().getByLabel("Last day").inputValue();
  await plan.confirmDates(first || "2027-04-10", last || "2027-04-14");
  await plan.generateItinerary();
  const v1 = await titlesAgree(group);
  // A must-have the plan could not honour is on the plan and in its owner's to-do.
  await mustHavesAgree(olga);

  // 7. Sam and Dan flag an item each; Sam suggests one more. Olga's to-do counts what waits.
  const samPlan = new PlanPage(sam.page);
  await samPlan.goto(tripId);
  await samPlan.flagFirstItem("Not my thing");
  const danPlan = new PlanPage(dan.page);
  await danPlan.goto(tripId);
  await danPlan.openDay(1);
  await danPlan.flagFirstItem("Too expensive");
  await samPlan.goto(tripId);
  const suggest = sam.page.getByRole("form", { name: "Suggest an addition" });
  const suggested = (await suggest.getByLabel("Something from the list").locator("option").nth(1).textContent()) ?? "";
  await suggest.getByLabel("Something from the list").selectOption({ index: 1 });
  await suggest.getByRole("button", { name: "Suggest it" }).click();
  await expect(sam.page.getByText("Thanks — the organizer will see it when they regenerate.")).toBeVisible();
  await olga.trip.openDashboard();
  expect((await olga.trip.todo()).titles).toContain("3 flags and suggestions wait on the plan");
  await agree(group);

  // 8. Regenerate: the plan stays whole (no day loses an activity) and the suggestion is in.
  await plan.goto(tripId);
  await plan
    .organizer()
    .getByRole("button", { name: /Regenerate with feedback \(3 open items\)/ })
    .click();
  await expect(olga.page.getByRole("region", { name: "Versions" })).toContainText("Version 2", { timeout: 60_000 });
  const v2 = await titlesAgree(group);
  // A day that holds fewer activities than before says why for each free part: nothing that suits
  // everyone is left for it or fits its hours and travel (or a member's hard cap) — never "full".
  const activities = (p: typeof v1) => p.days.map((d) => d.items.filter((i) => i.kind === "activity").length);
  for (const [i, day] of v2.days.entries()) {
    if ((activities(v2)[i] ?? 0) >= (activities(v1)[i] ?? 0)) continue;
    expect(day.freeWhy ?? [], `day ${day.day} lost an activity without saying why`).not.toEqual([]);
    for (const why of day.freeWhy ?? [])
      expect(why.reason, `day ${day.day}'s free ${why.slot}`).toMatch(
        /Nothing else (here )?that suits everyone|Nothing else here suits everyone|hard budget cap/,
      );
  }
  expect(v2.days.flatMap((d) => d.items.map((i) => i.title))).toContain(suggested.split(" · ")[0]?.trim());
  await samPlan.goto(tripId);
  await expect(
    sam.page
      .getByRole("region", { name: "Suggestions and earlier flags" })
      .getByRole("listitem")
      .filter({ hasText: "You suggested" }),
  ).toContainText("Applied");

  // 9. Hand edits: Olga's own dinner replaces day 2's planned dinner; day titles follow everywhere.
  await plan.goto(tripId);
  const own = olga.page.getByRole("form", { name: "Add your own" });
  await own.getByLabel("What is it?").fill("Dinner at Aunt Rosa's");
  await own.getByLabel("Day", { exact: true }).selectOption("2");
  await own.getByLabel("Time of day", { exact: true }).selectOption("evening");
  await own.getByRole("button", { name: "Add to the plan" }).click();
  await expect(own).toContainText("Dinner at Aunt Rosa's is in the plan now");
  await expect(olga.page.getByRole("region", { name: "Versions" })).toContainText("Version 3");
  const v3 = await titlesAgree(group);
  expect(v3.days[1]?.items.map((i) => i.title)).toContain("Dinner at Aunt Rosa's");

  // 10. Final and shared: share page, print view and both calendars agree with the plan.
  await plan.goto(tripId);
  await plan.organizerClicks("Finalize the plan");
  await expect(olga.page.getByText("This plan is final.")).toBeVisible();
  await plan.organizer().getByRole("button", { name: "Create a share link" }).click();
  const shareField = plan.organizer().getByRole("textbox", { name: "Share link" });
  await expect(shareField).toHaveValue(/\/s\/[A-Za-z0-9_-]+$/);
  const shareUrl = await shareField.inputValue();
  const final = await titlesAgree(group);
  const stranger = await browser.newContext({ baseURL: base });
  contexts.push(stranger);
  const shared = await sharePageTitles(await stranger.newPage(), shareUrl);
  const expected = final.days.map(headingOf);
  expect(shared.screen).toHaveLength(expected.length);
  for (const [i, title] of expected.entries()) {
    expect(shared.screen[i]).toMatch(title);
    expect(shared.print[i]).toMatch(title);
  }
  // The assistant reads day 2 (Aunt Rosa's day) with the title the pages show.
  const day2 = final.days[1];
  if (day2) expect(await olga.trip.assistantDay(2)).toContain(day2.title.replace(/^Day \d+\s*[·:–-]\s*/i, ""));
  for (const file of [`${shareUrl}/calendar.ics`, `/api/trips/${tripId}/calendar.ics`]) {
    const calendar = await readCalendar(olga.page.request, file);
    expect(calendar.tzids.length).toBeGreaterThan(0);
    for (const tzid of calendar.tzids) expect(calendar.zones).toContain(tzid);
    const summaries = calendar.events.map((e) => e.summary);
    for (const item of final.days.flatMap((d) => d.items)) expect(summaries.join("\n")).toContain(item.title);
  }
  const done = await agree(group);
  for (const m of group) {
    await m.trip.openDashboard();
    expect((await m.trip.todo()).titles).toContain("The final plan is ready");
  }
  expect(done.olga.trip.status).toBe("finalized");
}

async function join(
  browser: Browser,
  base: string,
  contexts: BrowserContext[],
  invite: string,
  name: string,
  tripId: string,
  options: Parameters<Browser["newContext"]>[0],
  answers: PreferencesAnswers,
): Promise<Member> {
  const { context, page } = await joinInNewBrowser(browser, invite, name, { ...options, baseURL: base });
  contexts.push(context);
  await new PreferencesPage(page).fillAndSave(answers);
  const trip = new TripSurfaces(page, tripId);
  return { name, context, page, trip };
}

/**
 * What every member's dashboard says agrees with their loader's state and with itself: the
 * chip counts what the card lists, the card never says "No conflicts" while it lists something
 * (few places fitting included), the member's own fixes are in their to-do, "Nothing for you to
 * do" only when nothing is, and a hard-capped member is never offered a bigger budget.
 */
async function agree(group: Member[]) {
  const states: Record<string, Awaited<ReturnType<TripSurfaces["state"]>>> = {};
  for (const m of group) {
    await m.trip.openDashboard();
    const state = await m.trip.state();
    states[m.name.toLowerCase()] = state;
    const listed = state.conflicts.length + (state.fewFit ? 1 : 0);
    const answered = state.members.some((x) => x.responded);
    expect(await m.trip.conflictChip(), `${m.name}'s chip`).toBe(answered ? listed : 0);
    const card = await m.trip.conflictsCard();
    if (card && listed > 0) expect(card.saysNone, `${m.name}'s card says "No conflicts" over ${listed}`).toBe(false);
    const todo = await m.trip.todo();
    for (const fix of state.fixes.resolutions) {
      expect(todo.titles.join("\n"), `${m.name}'s to-do has their fix`).toContain(fix.label);
    }
    if (todo.heading === "Nothing for you to do right now") {
      expect(state.fixes.resolutions, `${m.name} has fixes but is told nothing waits`).toEqual([]);
      expect(card?.applies ?? 0).toBe(0);
    }
    if (m.name === "Dan") await expect(m.page.locator("body")).not.toContainText(/if your budget were/i);
  }
  return states as { olga: (typeof states)[string] } & typeof states;
}

/** Each member's plan page titles the days as the plan's loader does; returns the plan. */
async function titlesAgree(group: Member[]) {
  let plan: Awaited<ReturnType<TripSurfaces["plan"]>> = null;
  for (const m of group) {
    plan = await m.trip.plan();
    if (!plan) throw new Error("no plan");
    await m.page.goto(`/trips/${m.trip.tripId}/plan`);
    const shown = await dayHeadings(m.page);
    expect(shown, `${m.name}'s plan days`).toHaveLength(plan.days.length);
    for (const [i, d] of plan.days.entries()) expect(shown[i], `${m.name}'s day ${d.day}`).toMatch(headingOf(d));
  }
  if (!plan) throw new Error("no plan");
  return plan;
}

/** A must-have the plan card says isn't in the plan is a step in its owner's to-do. */
async function mustHavesAgree(m: Member) {
  await m.page.goto(`/trips/${m.trip.tripId}/plan`);
  const missing = m.page
    .getByRole("region", { name: /^Must-haves/ })
    .getByRole("listitem")
    .filter({ hasText: "Your must-have" })
    .filter({ hasText: "isn't in the plan" });
  const texts = await missing.allTextContents();
  await m.trip.openDashboard();
  const todo = (await m.trip.todo()).titles;
  for (const text of texts) {
    const wanted = /“([^”]+)”/.exec(text)?.[1] ?? "";
    expect(todo).toContain(`Your must-have “${wanted}” isn't in the plan`);
  }
}
