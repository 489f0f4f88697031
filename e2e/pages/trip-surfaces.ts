import { type APIRequestContext, expect, type Page } from "@playwright/test";
import ICAL from "ical.js";
import { AssistantPanel } from "./assistant-panel";
import { DashboardPage } from "./dashboard-page";
import { SettingsPage } from "./settings-page";

/**
 * Every place a member reads the trip, each read as that member's browser shows it, plus the
 * trip's state as the app's own loaders give it to that member (`/api/trips/<id>/snapshot`, the
 * dashboard's loader; `/api/trips/<id>/itinerary`, the plan's): what the journey compares.
 * The dashboard's parts are read through DashboardPage, so a reordered dashboard is a change here.
 */

export type Snapshot = {
  trip: { status: string };
  viewer: { memberId: string; isOrganizer: boolean; hasResponded: boolean };
  members: { id: string; name: string; responded: boolean; startedOver?: string }[];
  conflicts: { kind: string; severity: string; summary: string }[];
  fixes: { resolutions: { id: string; conflict: string; label: string }[] };
  fewFit: { fit: number } | null;
};

export type PlanState = {
  version: number;
  days: {
    day: number;
    title: string;
    items: { key: string; title: string; kind: string }[];
    freeWhy?: { slot: string; reason: string }[];
  }[];
};

export class TripSurfaces {
  readonly dashboard: DashboardPage;

  constructor(
    readonly page: Page,
    readonly tripId: string,
  ) {
    this.dashboard = new DashboardPage(page);
  }

  /** The dashboard's loader, as this member may see it. */
  async state(): Promise<Snapshot> {
    const res = await this.page.request.get(`/api/trips/${this.tripId}/snapshot`);
    expect(res.status()).toBe(200);
    return (await res.json()) as Snapshot;
  }

  /** The plan's loader (the current version), as this member may see it; null before there is one. */
  async plan(): Promise<PlanState | null> {
    const res = await this.page.request.get(`/api/trips/${this.tripId}/itinerary`);
    if (res.status() === 404) return null;
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { version: number; itinerary: PlanState } | PlanState;
    return "itinerary" in body ? { ...body.itinerary, version: body.version } : body;
  }

  async openDashboard() {
    await this.dashboard.goto(this.tripId);
    await expect(this.dashboard.yourTurn()).toBeVisible();
  }

  /** Saves the member's email address, every topic on. */
  async saveEmail(address: string) {
    await this.openDashboard();
    const settings = new SettingsPage(this.page);
    await settings.openFromDashboard();
    const card = await settings.openEmail();
    await card.getByRole("textbox", { name: /Your email address/ }).fill(address);
    await card.getByRole("button", { name: "Save email settings" }).click();
    await expect(card.getByRole("status")).toContainText("Saved");
  }

  /** Applies the member's own fix from their to-do (the step that names it). */
  async applyFromTodo(label: string) {
    const step = this.dashboard.yourTurn().locator("[data-turn]").filter({ hasText: label });
    await step.getByRole("button", { name: /^Apply/ }).click();
    await expect(step).toHaveCount(0, { timeout: 15_000 });
  }

  /** The to-do at the top: its heading and each step's title. */
  async todo(): Promise<{ heading: string; titles: string[] }> {
    const region = this.dashboard.yourTurn();
    const heading = (await region.getByRole("heading").first().textContent()) ?? "";
    const titles = await region.locator("[data-turn] p.font-medium").allTextContents();
    return { heading: heading.trim(), titles };
  }

  /** The section chip for the conflicts ("Conflicts (2)"), as a number; 0 when there is none. */
  async conflictChip(): Promise<number> {
    const chip = await this.dashboard.sectionChips().allTextContents();
    const found = chip.map((t) => /^Conflicts \((\d+)\)$/.exec(t.trim())).find(Boolean);
    return found ? Number(found[1]) : 0;
  }

  /** The conflicts card: its collapsed line and whether it says "No conflicts" (null: no card). */
  async conflictsCard(): Promise<{ text: string; saysNone: boolean; applies: number } | null> {
    const card = this.dashboard.conflicts();
    if ((await card.count()) === 0) return null;
    const text = (await card.textContent()) ?? "";
    return {
      text,
      saysNone: /No conflicts/.test(text),
      applies: await card.getByRole("button", { name: /^Apply/ }).count(),
    };
  }

  /** The day titles the plan page shows ("Day 1 · Old town and markets"), in order. */
  async planDayTitles(): Promise<string[]> {
    await this.page.goto(`/trips/${this.tripId}/plan`);
    return dayHeadings(this.page);
  }

  /** The assistant's reading of the conflicts, through the real assistant route: how many it names. */
  async assistantConflictCount(): Promise<number> {
    const assistant = new AssistantPanel(this.page);
    await assistant.ask("What do we still disagree on?");
    const said = assistant
      .conversation()
      .getByText(/The group disagrees on \d+ things?|agrees on everything|No conflicts/);
    await expect(said.last()).toBeVisible({ timeout: 30_000 });
    const text = (await said.last().textContent()) ?? "";
    await assistant.clear();
    return Number(/disagrees on (\d+)/.exec(text)?.[1] ?? 0);
  }

  /** The assistant's reading of one day of the plan, through the real assistant route ("Day 2 (Tue Apr 13): …"). */
  async assistantDay(day: number): Promise<string> {
    const assistant = new AssistantPanel(this.page);
    await assistant.ask(`What's on day ${day}?`);
    const answer = assistant.conversation().getByText(new RegExp(`Day ${day}\\b.*:`));
    await expect(answer.first()).toBeVisible({ timeout: 30_000 });
    const text = (await assistant.conversation().textContent()) ?? "";
    await assistant.clear();
    return text;
  }
}

/** The "Day N …" headings of a plan or share page, in order. */
export async function dayHeadings(page: Page): Promise<string[]> {
  const headings = page.getByRole("heading", { name: /^Day \d+/ });
  await expect(headings.first()).toBeVisible();
  return (await headings.allTextContents()).map((t) => t.replace(/\s+/g, " ").trim());
}

/** The share page's day titles, on screen and as printed. */
export async function sharePageTitles(page: Page, url: string): Promise<{ screen: string[]; print: string[] }> {
  await page.goto(url);
  const screen = await dayHeadings(page);
  await page.emulateMedia({ media: "print" });
  const print = await dayHeadings(page);
  await page.emulateMedia({ media: "screen" });
  return { screen, print };
}

/**
 * A calendar file read back with ical.js: every TZID it uses has its VTIMEZONE, and each event's
 * summary and local start (in the destination's zone).
 */
export async function readCalendar(
  request: APIRequestContext,
  url: string,
): Promise<{ tzids: string[]; zones: string[]; events: { summary: string; start: string }[] }> {
  const res = await request.get(url);
  expect(res.status()).toBe(200);
  const text = await res.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  const zones = calendar.getAllSubcomponents("vtimezone").map((z) => String(z.getFirstPropertyValue("tzid")));
  const tzids = [...new Set([...text.matchAll(/;TZID=([^:;]+)/g)].map((m) => m[1] as string))];
  const events = calendar.getAllSubcomponents("vevent").map((v) => {
    const event = new ICAL.Event(v);
    return { summary: event.summary, start: event.startDate.toString() };
  });
  return { tzids, zones, events };
}

/** The day title as the plan's heading writes it, from the loader's day ("Day 2" + its title). */
export function headingOf(day: { day: number; title: string }): RegExp {
  const escaped = day.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^Day ${day.day}\\b.*${escaped}`);
}
