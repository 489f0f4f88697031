import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { Temporal } from "temporal-polyfill";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { PlanPage } from "./pages/plan-page";

/**
 * Both calendar files from the production build (the share link's and a member's) carry a
 * VTIMEZONE for every TZID they use, and read back with ical.js knowing no zone but the
 * file's own, every timed event starts at the instant the plan gives it in the destination's
 * time zone. (The zone files are read from node_modules at run time: bundled, they went missing.)
 */
test.setTimeout(180_000);

const isoDay = (daysFromToday: number) => new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);

test("both calendar files carry the VTIMEZONE of every TZID, and each event is at the plan's local time", async ({
  page,
}) => {
  const tripId = await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  await dashboard.chooseFirstIdea();
  const plan = new PlanPage(page);
  await plan.goto(tripId);
  await plan.confirmDates(isoDay(45), isoDay(48));
  await plan.generateItinerary();
  await plan.organizerClicks("Finalize the plan");
  await expect(page.getByText("This plan is final.")).toBeVisible();
  await plan.organizer().getByRole("button", { name: "Create a share link" }).click();
  const shareField = plan.organizer().getByRole("textbox", { name: "Share link" });
  await expect(shareField).toHaveValue(/\/s\/[A-Za-z0-9_-]+$/);
  const shareUrl = await shareField.inputValue();

  const planJson = (await (await page.request.get(`${shareUrl}/itinerary.json`)).json()) as {
    destination: { timezone: string };
    days: {
      date: string | null;
      items: { title: string; startTime: string }[];
      meals: { name: string; time: string; meal: string }[];
    }[];
  };
  // The instant each item and meal starts, from the plan's local times in the destination's zone.
  const planned = new Map<string, number>();
  for (const d of planJson.days) {
    if (!d.date) continue;
    const at = (hhmm: string) =>
      Temporal.PlainDateTime.from(`${d.date}T${hhmm}`).toZonedDateTime(planJson.destination.timezone)
        .epochMilliseconds / 1000;
    for (const it of d.items) planned.set(`${d.date} ${it.title}`, at(it.startTime));
    for (const m of d.meals)
      planned.set(`${d.date} ${m.meal[0]?.toUpperCase()}${m.meal.slice(1)} at ${m.name}`, at(m.time));
  }
  expect(planned.size).toBeGreaterThan(3);

  for (const file of [
    await page.request.get(`${shareUrl}/calendar.ics`),
    await page.request.get(`/api/trips/${tripId}/calendar.ics`),
  ]) {
    expect(file.status()).toBe(200);
    const text = await file.text();
    const used = new Set([...text.matchAll(/;TZID=([^:;]+)/g)].map((m) => m[1]));
    expect(used).toEqual(new Set([planJson.destination.timezone]));
    const root = new ICAL.Component(ICAL.parse(text));
    const zones = root.getAllSubcomponents("vtimezone");
    expect(new Set(zones.map((z) => String(z.getFirstPropertyValue("tzid"))))).toEqual(used);
    ICAL.TimezoneService.reset();
    for (const zone of zones) ICAL.TimezoneService.register(zone);
    const timed = root
      .getAllSubcomponents("vevent")
      .map((v) => new ICAL.Event(v))
      .filter((e) => !e.startDate.isDate);
    expect(timed.length).toBe(planned.size);
    for (const event of timed) {
      const key = `${event.startDate.toString().slice(0, 10)} ${event.summary}`;
      expect(event.startDate.toUnixTime(), key).toBe(planned.get(key));
    }
  }
});
