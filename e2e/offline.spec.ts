import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { watchCsp } from "./csp-watch";
import { DashboardPage } from "./pages/dashboard-page";
import { expectMapFollowsList } from "./pages/day-map";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { controlled, tripCaches } from "./pages/offline";
import { PlanPage } from "./pages/plan-page";

/**
 * TripSync on the phone during the trip (production build): installable (the manifest, its
 * icons and the service worker served with the headers a browser needs), and after one visit
 * the dashboard, every day of the plan and the share page open with no network, saying they
 * are offline and since when. The day maps are drawn with no request outside the app.
 */
test.setTimeout(240_000);

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

test("the manifest, its icons and the service worker are served with the right headers and scope", async ({
  request,
}) => {
  const manifest = await request.get("/manifest.webmanifest");
  expect(manifest.status()).toBe(200);
  expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json/);
  const body = await manifest.json();
  expect(body).toMatchObject({ name: "TripSync", start_url: "/?launch=app", scope: "/", display: "standalone" });
  // Chrome's install criteria: a 192 px and a 512 px icon; one maskable for Android's shapes.
  expect(body.icons.map((i: { sizes: string }) => i.sizes)).toEqual(["192x192", "512x512", "512x512"]);
  for (const icon of body.icons as { src: string }[]) {
    const res = await request.get(icon.src);
    expect(res.status(), icon.src).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/png");
  }

  const sw = await request.get("/sw.js");
  expect(sw.status()).toBe(200);
  expect(sw.headers()["content-type"]).toMatch(/^application\/javascript/);
  // Checked for a new version on every load, and allowed to control the whole site.
  expect(sw.headers()["cache-control"]).toContain("no-cache");
  expect(sw.headers()["service-worker-allowed"]).toBe("/");
  expect(await sw.text()).toContain("tripsync-trip-");

  // The page's CSP lets the worker and the manifest come from this origin only.
  const csp = (await request.get("/")).headers()["content-security-policy"] ?? "";
  expect(csp).toContain("worker-src 'self'");
  expect(csp).toContain("manifest-src 'self'");
});

test("after one visit the dashboard, every day of the plan and the share page open offline, saying so", async ({
  page,
  context,
}) => {
  const csp = await watchCsp(page);
  const outside: string[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (url.hostname !== "127.0.0.1") outside.push(r.url());
  });

  // The organizer plans the demo trip and makes a share link.
  const tripId = await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  await dashboard.chooseFirstIdea();
  const plan = new PlanPage(page);
  await plan.goto(tripId);
  await plan.confirmDates(isoDay(40), isoDay(43));
  await plan.generateItinerary();
  await plan.organizer().getByRole("button", { name: "Create a share link" }).click();
  const shareUrl = await plan.organizer().getByRole("textbox", { name: "Share link" }).inputValue();

  // Launched from the home screen, the app opens this device's trip.
  await page.goto("/?launch=app");
  await page.waitForURL(`**/trips/${tripId}`);

  // One visit of each page with the worker in control (it saves them as they are shown).
  await controlled(page);
  await page.goto(`/trips/${tripId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo");
  await plan.goto(tripId);
  const days = await plan
    .days()
    .getByRole("heading", { name: /^Day \d/ })
    .allTextContents();
  // 40 → 43 days from today: 4 days.
  expect(days).toHaveLength(4);
  // Each day's map (Leaflet): numbered stops in the list's order, over the embedded grid (no tiles),
  // with nothing fetched from elsewhere (`outside`, checked at the end) and no CSP report.
  expect((await expectMapFollowsList(page)).tiles).toBe(0);
  // A picture with one label: nothing in it that axe finds serious (no focusable part inside a hidden one).
  const axe = await new AxeBuilder({ page }).include("figure[data-day-map]").analyze();
  const serious = axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
  await page.goto(`/trips/${tripId}/costs`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Costs:");
  await page.goto(shareUrl);
  await expect(page.getByRole("heading", { name: /^Day 1/ })).toBeVisible();
  // The share page shows the same map.
  await expectMapFollowsList(page);
  expect(await page.evaluate(async () => (await caches.keys()).sort())).toEqual(
    expect.arrayContaining([`tripsync-trip-${tripId}`, expect.stringMatching(/^tripsync-share-/)]),
  );

  await context.setOffline(true);
  const notice = page.getByRole("status").filter({ hasText: "Offline" });

  await page.goto(`/trips/${tripId}`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Demo");
  // The time the page was saved, in the phone's own words (en-US here): "offline since Tue, Dec 1, 09:57 PM".
  await expect(notice).toContainText(/offline since \w{3}, \w{3} \d{1,2}, \d{2}:\d{2}/);

  await plan.goto(tripId);
  await expect(notice).toContainText("offline since");
  for (let n = 1; n <= days.length; n++) {
    await expect(plan.days().getByRole("heading", { name: new RegExp(`^Day ${n}\\b`) })).toBeAttached();
  }
  // The map's script came from the worker's cache: drawn offline as online.
  await expectMapFollowsList(page);
  // What needs the server says why it can't be used now; a flag can still be written (it waits on the phone).
  const remove = plan
    .days()
    .getByRole("button", { name: /^Remove / })
    .first();
  await expect(remove).toBeDisabled();
  await expect(remove).toHaveAttribute("title", "You're offline: this needs the network.");
  await expect(plan.flagButtons().first()).toBeEnabled();
  // A download is made by the server: the link says so and does nothing.
  const calendar = page.getByRole("link", { name: "Add to my calendar (.ics)" });
  await expect(calendar).toHaveAttribute("aria-disabled", "true");
  await expect(calendar).toHaveAttribute("title", "You're offline: this needs the network.");

  // The member's costs, as saved: the expense form still works offline (its writes wait too).
  await page.goto(`/trips/${tripId}/costs`);
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Costs:");
  await expect(notice).toContainText("offline since");

  await page.goto(shareUrl);
  await expect(page.getByRole("heading", { name: /^Day 1/ })).toBeVisible();
  await expect(notice).toContainText("offline since");
  await expectMapFollowsList(page);

  await context.setOffline(false);
  await page.reload();
  await expect(notice).toHaveCount(0);

  expect(outside).toEqual([]);
  expect(csp).toEqual([]);
});

test("a device forgets a trip's saved pages when the member leaves, or when the server no longer opens the trip for it", async ({
  page,
  browser,
}) => {
  const tripId = await new HomePage(page).openDemoTrip();
  const invite = await new DashboardPage(page).inviteLink();

  // Ana joins, opens the trip once with the worker in control, then leaves it on this phone.
  const ana = await joinInNewBrowser(browser, invite, "Ana");
  await controlled(ana.page);
  await ana.page.goto(`/trips/${tripId}`);
  await ana.page.goto(`/trips/${tripId}/preferences`);
  expect(await tripCaches(ana.page)).toEqual([`tripsync-trip-${tripId}`]);
  await ana.page.getByRole("button", { name: "Leave this trip" }).click();
  await ana.page.getByRole("button", { name: "Yes, leave the trip" }).click();
  await ana.page.waitForURL(/notice=left-trip/);
  await expect.poll(() => tripCaches(ana.page)).toEqual([]);
  // Offline, the trip doesn't open from this phone any more.
  await ana.context.setOffline(true);
  await expect(ana.page.goto(`/trips/${tripId}`)).rejects.toThrow(/net::ERR_/);
  await ana.context.close();

  // Ben's device is no longer signed in (its cookie gone, as when signed out or removed): the next
  // visit is refused by the server, and the worker drops what it kept of the trip.
  const ben = await joinInNewBrowser(browser, invite, "Ben");
  await controlled(ben.page);
  await ben.page.goto(`/trips/${tripId}`);
  expect(await tripCaches(ben.page)).toEqual([`tripsync-trip-${tripId}`]);
  await ben.context.clearCookies();
  const refused = await ben.page.goto(`/trips/${tripId}`);
  expect(refused?.status()).toBe(404);
  await expect.poll(() => tripCaches(ben.page)).toEqual([]);
  await ben.context.close();
});
