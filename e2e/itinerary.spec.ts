import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import ICAL from "ical.js";
import { watchCsp } from "./csp-watch";
import { callAction, resultOf } from "./http/action-client";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { PlanPage } from "./pages/plan-page";

/**
 * Flow B and the share page, end to end on the embedded defaults: the organizer chooses a
 * destination, confirms dates and plans the days; a member flags an item; the organizer
 * regenerates with it (version 2, what changed), finalizes, and shares a read-only link
 * that a stranger opens without joining — no member data on it — and adds to a calendar.
 * Rotating the link kills the old one; reopening turns the page back into a draft.
 */
test.setTimeout(300_000);

const DEMO_NAMES = ["Maya", "Sam", "Priya", "Leo", "Chen"];
const DEMO_ORIGINS = ["Chicago", "New York", "Denver"];

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

async function expectNoSeriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`)).toEqual([]);
}

test("choose → dates → plan → a member flags → regenerate → finalize → share with anyone → rotate → reopen", async ({
  page,
  browser,
}) => {
  const cspViolations = await watchCsp(page);
  const tripId = await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  const invite = await dashboard.inviteLink();
  await dashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  const first = dashboard.destinationCards().first();
  await expect(first).toBeVisible({ timeout: 60_000 });
  page.once("dialog", (dialog) => dialog.accept());
  await first.getByRole("button", { name: /^Choose / }).click();
  await expect(first).toContainText("Chosen");

  // The dashboard points everyone to the plan.
  // (The "your turn" list at the top links there too.)
  await page.getByRole("region", { name: "The day-by-day plan" }).getByRole("link", { name: "Open the plan" }).click();
  await page.waitForURL(`**/trips/${tripId}/plan`);
  const plan = new PlanPage(page);
  await expect(page.getByText("Confirm the dates first.")).toBeVisible();
  await expectNoSeriousViolations(page);

  // A past start is refused at the boundary, in words, and nothing changes.
  await plan.organizer().getByLabel("First day").fill(isoDay(-3));
  await plan.organizer().getByLabel("Last day").fill(isoDay(1));
  await plan.organizer().getByRole("button", { name: "Confirm dates" }).click();
  await expect(plan.organizer()).toContainText("Pick a day after today");

  const start = isoDay(45);
  const end = isoDay(48);
  await plan.confirmDates(start, end);
  await plan.generateItinerary();
  const dayHeadings = plan.days().getByRole("heading", { name: /^Day \d/ });
  await expect(dayHeadings).toHaveCount(4);
  await expect(page.getByRole("region", { name: "What it costs each of you" })).toContainText("Sam");
  await expectNoSeriousViolations(page);

  // A member who joins sees the plan with their own cost only, and flags an item.
  const guest = await joinInNewBrowser(browser, invite, "Robin");
  const guestPlan = new PlanPage(guest.page);
  await guestPlan.goto(tripId);
  await expect(guest.page.getByRole("region", { name: "Organizer" })).toHaveCount(0);
  await expect(guest.page.getByRole("region", { name: "What it costs you" })).toBeVisible();
  for (const name of DEMO_NAMES) {
    await expect(guest.page.getByRole("region", { name: "What it costs you" })).not.toContainText(name);
  }
  const flagged = await guestPlan.flagFirstItem("Not my thing", "Not for me, thanks");
  const suggestions = guest.page.getByRole("form", { name: "Suggest an addition" });
  const suggested =
    (await suggestions.getByLabel("Something from the list").locator("option").nth(1).textContent()) ?? "";
  await suggestions.getByLabel("Something from the list").selectOption({ index: 1 });
  await suggestions.getByRole("button", { name: "Suggest it" }).click();
  await expect(guest.page.getByText("Thanks — the organizer will see it when they regenerate.")).toBeVisible();

  // The organizer's page hears it live, and regenerates with it.
  const regenerate = plan.organizer().getByRole("button", { name: /Regenerate with feedback \(2 open items\)/ });
  await expect(regenerate).toBeVisible({ timeout: 15_000 });
  await regenerate.click();
  // Robin, who didn't click, sees each day as it is drafted, under the timeline, while the run goes on.
  const drafts = guest.page.getByRole("region", { name: "Days drafted so far" });
  await expect(drafts.getByRole("heading", { name: /^Day 1 — drafted, being checked/ })).toBeVisible({
    timeout: 30_000,
  });
  expect(await guest.page.getByText("Version 2").count()).toBe(0);
  await expect(page.getByRole("region", { name: "What changed since version 1" })).toBeVisible({ timeout: 60_000 });
  // When the run ends, the stored version takes the drafts' place.
  await expect(drafts).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByRole("region", { name: "Versions" })).toContainText("Version 2");
  await expect(plan.organizer()).toContainText("1 of 5 regenerations used.");
  const changes = page.getByRole("region", { name: "What changed since version 1" });
  await expect(changes).toContainText(/Removed|Added|Moved/);
  await page.screenshot({ path: test.info().outputPath("plan-organizer.png"), fullPage: true });
  // What became of the flag is told to the member who made it.
  await guest.page.reload();
  const outcomes = guest.page.getByRole("region", { name: "Suggestions and earlier flags" });
  const flagOutcome = guest.page.getByRole("listitem").filter({ hasText: `You flagged it` });
  // An applied flag is not done with: it stays in force on every later version.
  await expect(flagOutcome.first()).toContainText(/In force|Not changed/);
  await expect(outcomes.getByRole("listitem").filter({ hasText: "You suggested" })).toContainText(
    /Applied|Not changed/,
  );
  expect(suggested.length).toBeGreaterThan(3);
  expect(flagged.length).toBeGreaterThan(1);

  // Version 1 back: a restore is a new version and doesn't count as a regeneration.
  await page.getByRole("region", { name: "Versions" }).getByRole("link", { name: "Version 1" }).click();
  await expect(page.getByText("You're looking at version 1", { exact: false }).first()).toBeVisible();
  // Version 1 may have the item under the guest's flag: the page says so and asks again before restoring.
  const asked: string[] = [];
  const answer = (dialog: import("@playwright/test").Dialog) => {
    asked.push(dialog.message());
    void dialog.accept();
  };
  page.on("dialog", answer);
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByRole("region", { name: "Versions" })).toContainText("Restored from version 1");
  page.off("dialog", answer);
  expect(asked).toHaveLength(2);
  expect(asked[1]).toContain(`"${flagged}", which is under a member's flag`);
  // The guest sees that the organizer lifted their flag, and why.
  await guest.page.reload();
  await expect(guest.page.getByRole("listitem").filter({ hasText: "You flagged it" }).first()).toContainText(
    "Lifted by the organizer",
  );
  await page.goto(`/trips/${tripId}/plan`);
  await expect(plan.organizer()).toContainText("1 of 5 regenerations used.");

  // Finalize: feedback stops for everyone.
  await plan.organizerClicks("Finalize the plan");
  await expect(page.getByText("This plan is final.")).toBeVisible();
  await guest.page.reload();
  await expect(guest.page.getByText("This plan is final.")).toBeVisible();
  await expect(guestPlan.flagButtons()).toHaveCount(0);
  await guest.page.setViewportSize({ width: 390, height: 844 });
  await guest.page.screenshot({ path: test.info().outputPath("plan-member-phone.png"), fullPage: true });
  // Back to a wide window: on a phone each day is a summary that opens on demand (e2e/phone.spec.ts).
  await guest.page.setViewportSize({ width: 1280, height: 720 });

  // Share it: a stranger (no cookies) reads it without joining.
  await plan.organizer().getByRole("button", { name: "Create a share link" }).click();
  const shareField = plan.organizer().getByRole("textbox", { name: "Share link" });
  await expect(shareField).toHaveValue(/\/s\/[A-Za-z0-9_-]+$/);
  const shareUrl = await shareField.inputValue();
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  const strangerCsp = await watchCsp(strangerPage);
  const opened = await strangerPage.goto(shareUrl);
  await expect(strangerPage.getByText("Final plan", { exact: false }).first()).toBeVisible();
  await expect(strangerPage.getByRole("heading", { name: /^Day 1/ })).toBeVisible();
  // Served from its rendering made once for this state of the plan: every visitor gets the same
  // page, whose policy allows its own inline scripts by their hashes (no nonce, no 'unsafe-inline').
  const policy = opened?.headers()["content-security-policy"] ?? "";
  expect(policy).toMatch(/(^|; )script-src 'self'( 'sha256-[A-Za-z0-9+/]+={0,2}')+(;|$)/);
  expect(policy).not.toContain("nonce");
  const [copy, sameCopy] = await Promise.all([strangerPage.request.get(shareUrl), strangerPage.request.get(shareUrl)]);
  expect(await copy.text()).toBe(await sameCopy.text());
  expect(copy.headers()["content-security-policy"]).toBe(policy);
  // Each day is a route with one Maps link; the destination's practical facts are there too.
  await expect(strangerPage.getByRole("link", { name: /this day's (route|stop) in Maps for day 1/ })).toHaveAttribute(
    "href",
    /^https:\/\/www\.google\.com\/maps\//,
  );
  await expect(strangerPage.getByRole("heading", { name: "Before you go" })).toBeVisible();
  await expect(strangerPage.getByText(/Search flights/)).toHaveCount(0);
  // The destination's time zone (e.g. "America/Chicago") is a place name that isn't anyone's home.
  const html = (await strangerPage.content()).replace(
    /\b(America|Europe|Asia|Africa|Australia|Pacific)\/[A-Za-z_]+/g,
    "",
  );
  const destination = (await strangerPage.getByRole("heading", { level: 1 }).textContent()) ?? "";
  const homes = DEMO_ORIGINS.filter((city) => !destination.includes(city));
  for (const name of [...DEMO_NAMES, ...homes, "Robin", "Not for me, thanks"]) expect(html).not.toContain(name);
  await expectNoSeriousViolations(strangerPage);
  await strangerPage.emulateMedia({ media: "print" });
  await strangerPage.screenshot({ path: test.info().outputPath("share-print.png"), fullPage: true });
  await strangerPage.emulateMedia({ media: "screen" });

  // The calendar file parses, with one event per planned item, dated inside the trip.
  const ics = await strangerPage.request.get(`${shareUrl}/calendar.ics`);
  expect(ics.status()).toBe(200);
  expect(ics.headers()["content-type"]).toContain("text/calendar");
  const calendar = new ICAL.Component(ICAL.parse(await ics.text()));
  const events = calendar.getAllSubcomponents("vevent").map((v) => new ICAL.Event(v));
  expect(events.length).toBeGreaterThan(3);
  for (const event of events) {
    const day = event.startDate.toString().slice(0, 10);
    expect(day >= start && day <= end).toBe(true);
  }
  // Every meal of the plan is in it, and the plan has meals: the place chosen fits every member's
  // diet at the table (at least two places to eat suit the whole group, lunch and dinner), so the
  // group is seated. No two timed events overlap (each runs from its start to its end).
  const shared = (await (await strangerPage.request.get(`${shareUrl}/itinerary.json`)).json()) as {
    days: { meals: { meal: string; name: string }[] }[];
  };
  const planMeals = shared.days.flatMap((d) => d.meals.map((m) => `${m.meal} at ${m.name}`.toLowerCase())).sort();
  const calendarMeals = events
    .map((e) => e.summary)
    .filter((s) => /^(Lunch|Dinner|Breakfast) at /.test(s))
    .map((s) => s.toLowerCase())
    .sort();
  expect(planMeals.length).toBeGreaterThan(0);
  expect(calendarMeals).toEqual(planMeals);
  const spans = events
    .filter((e) => !e.startDate.isDate)
    .map((e) => ({ name: e.summary, from: e.startDate.toUnixTime(), to: e.endDate.toUnixTime() }))
    .sort((a, b) => a.from - b.from);
  spans.forEach((span, i) => {
    const next = spans[i + 1];
    if (next) expect(next.from, `${next.name} after ${span.name}`).toBeGreaterThanOrEqual(span.to);
  });

  // Links that leave the page don't follow a client's X-Forwarded-Host or X-Forwarded-Proto (this
  // server has no PUBLIC_URL and trusts no proxy: the Host it received): the calendar subscription,
  // the link preview, and every event's link, on the share link's calendar and the members' one.
  const forged = { "X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https" };
  const forgedPage = await (await strangerPage.request.get(shareUrl, { headers: forged })).text();
  expect(forgedPage).toContain(`${shareUrl.replace(/^http:/, "webcal:")}/calendar.ics`);
  expect(forgedPage).toContain(`${shareUrl}/opengraph-image`);
  expect(forgedPage).not.toContain("evil.example");
  const eventLinks = async (res: Awaited<ReturnType<typeof page.request.get>>) =>
    new ICAL.Component(ICAL.parse(await res.text()))
      .getAllSubcomponents("vevent")
      .map((v) => String(v.getFirstPropertyValue("url")));
  const sharedLinks = await eventLinks(await strangerPage.request.get(`${shareUrl}/calendar.ics`, { headers: forged }));
  expect(sharedLinks.length).toBeGreaterThan(3);
  expect(new Set(sharedLinks)).toEqual(new Set([shareUrl]));
  const memberLinks = await eventLinks(
    await page.request.get(`/api/trips/${tripId}/calendar.ics`, { headers: forged }),
  );
  expect(new Set(memberLinks)).toEqual(new Set([`${new URL(shareUrl).origin}/trips/${tripId}/plan`]));

  // The share token opens nothing else, even presented as a member's or the organizer's cookie:
  // not the trip's pages, its snapshot, its live stream, its API or any action.
  const shareToken = new URL(shareUrl).pathname.split("/").at(-1) ?? "";
  const origin = new URL(shareUrl).origin;
  await stranger.addCookies([
    { name: `tripsync_${tripId}`, value: shareToken, url: origin },
    { name: `tripsync-share_${tripId}`, value: shareToken, url: origin },
  ]);
  for (const path of ["itinerary", "snapshot", "events", "calendar.ics"]) {
    expect((await strangerPage.request.get(`/api/trips/${tripId}/${path}`)).status(), path).toBe(404);
  }
  expect((await strangerPage.goto(`/trips/${tripId}/plan`))?.status()).toBe(404);
  expect((await strangerPage.goto(`/trips/${tripId}`))?.status()).toBe(404);
  const asStranger = { request: strangerPage.request, base: origin, client: "203.0.113.9" };
  for (const name of ["reopenPlanAction", "revokeShareLinkAction", "createShareLinkAction"]) {
    const refused = await resultOf(await callAction(asStranger, `/trips/${tripId}/plan`, name, [{ tripId }]));
    expect(refused, name).toMatchObject({ ok: false });
  }
  await strangerPage.goto(shareUrl);
  await expect(strangerPage.getByText("Final plan", { exact: false }).first()).toBeVisible();

  // A new link: the old one is dead for everyone.
  await plan.organizerClicks("Make a new link");
  await expect(plan.organizer()).toContainText("New link ready; the old one no longer works.");
  expect((await strangerPage.goto(shareUrl))?.status()).toBe(404);
  await expect(shareField).not.toHaveValue(shareUrl);
  await expect(shareField).toHaveValue(/\/s\/[A-Za-z0-9_-]+$/);
  const newUrl = await shareField.inputValue();

  // Reopen: the share page becomes a draft; members can flag again.
  await plan.organizerClicks("Reopen the plan");
  await expect(plan.organizer().getByRole("button", { name: "Finalize the plan" })).toBeVisible();
  await strangerPage.goto(newUrl);
  await expect(strangerPage.getByText("Draft.")).toBeVisible();
  // …and a regeneration after reopening is what the same link shows next.
  await guest.page.reload();
  await guestPlan.flagFirstItem("Too expensive");
  const again = plan.organizer().getByRole("button", { name: /Regenerate with feedback \(1 open item\)/ });
  await expect(again).toBeVisible({ timeout: 15_000 });
  await again.click();
  await expect(page.getByRole("region", { name: "Versions" })).toContainText("Version 4", { timeout: 60_000 });
  await strangerPage.goto(newUrl);
  await expect(strangerPage.getByText("Planned with TripSync, version 4.")).toBeVisible();

  // On a phone, the shared plan reads in one column with nothing cut off.
  await strangerPage.setViewportSize({ width: 390, height: 844 });
  const overflow = await strangerPage.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  expect([...cspViolations, ...strangerCsp]).toEqual([]);
  await stranger.close();
  await guest.context.close();
});
