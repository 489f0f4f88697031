import { expect, type Page } from "@playwright/test";

/** The trip's plan page (/trips/<id>/plan), as members and the organizer use it. */
export class PlanPage {
  constructor(private readonly page: Page) {}

  async goto(tripId: string) {
    await this.page.goto(`/trips/${tripId}/plan`);
  }

  organizer() {
    return this.page.getByRole("region", { name: "Organizer" });
  }

  days() {
    return this.page.getByRole("region", { name: "Day by day" });
  }

  /** The items of the plan (activities; meals have no flag button). */
  flagButtons() {
    return this.days().getByRole("button", { name: /^Flag / });
  }

  /** On a phone each day is a summary: opens day `n` (once the page is interactive) until its flag buttons show. */
  async openDay(n: number) {
    await expect(async () => {
      if (!(await this.flagButtons().first().isVisible()))
        await this.days()
          .getByRole("heading", { name: new RegExp(`^Day ${n}\\b`) })
          .click();
      await expect(this.flagButtons().first()).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
  }

  async confirmDates(start: string, end: string) {
    const organizer = this.organizer();
    await organizer.getByLabel("First day").fill(start);
    await organizer.getByLabel("Last day").fill(end);
    // Before confirming, the form says how many nights and who the dates leave out.
    await expect(organizer.getByText(/^\d+ nights?\. /)).toBeVisible();
    await organizer.getByRole("button", { name: "Confirm dates" }).click();
    await expect(organizer.getByRole("button", { name: "Generate itinerary" })).toBeVisible();
  }

  /** Starts the itinerary run; its progress shows live, and again after a reload mid-run. Waits for the plan. */
  async generateItinerary() {
    await this.organizer().getByRole("button", { name: "Generate itinerary" }).click();
    const progress = this.page.getByRole("list", { name: "Generation progress" });
    await expect(progress).toBeVisible();
    await this.page.reload();
    await expect(progress.or(this.days())).toBeVisible();
    await expect(this.days().getByRole("heading", { name: /^Day 1/ })).toBeVisible({ timeout: 60_000 });
  }

  async flagFirstItem(reason: string, note = "") {
    const button = this.flagButtons().first();
    const title = (await button.getAttribute("aria-label"))?.replace(/^Flag /, "") ?? "";
    await button.click();
    const form = this.page.getByRole("form", { name: `Flag ${title}` });
    await form.getByLabel(reason).check();
    if (note) await form.getByLabel(/^Note/).fill(note);
    await form.getByRole("button", { name: "Send flag" }).click();
    await expect(this.page.getByRole("list", { name: `Feedback on ${title}` })).toContainText("You flagged it");
    return title;
  }

  /** Accepts the next confirm() dialog and clicks the organizer's button. */
  async organizerClicks(name: string | RegExp) {
    this.page.once("dialog", (dialog) => dialog.accept());
    await this.organizer().getByRole("button", { name }).click();
  }
}
