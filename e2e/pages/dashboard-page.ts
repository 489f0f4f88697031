import { expect, type Locator, type Page } from "@playwright/test";

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async goto(tripId: string) {
    await this.page.goto(`/trips/${tripId}`);
  }

  section(name: string) {
    return this.page.getByRole("region", { name });
  }

  /** The to-do at the top ("Your turn", or "Nothing for you to do right now"). */
  yourTurn() {
    return this.page.getByRole("region", { name: /^(Your turn|Nothing for you to do right now)$/ });
  }

  /** The section chips (on a phone, the sections most urgent first; in the page, hidden, on a wide screen). */
  sectionChips() {
    return this.page.locator('nav[aria-label="Sections"] a');
  }

  conflicts() {
    return this.section("Conflicts");
  }

  calendar() {
    return this.section("When can everyone go?");
  }

  budget() {
    return this.section("Budget per person");
  }

  recommendations() {
    return this.section("Destination ideas");
  }

  destinationCards() {
    return this.recommendations().getByRole("article");
  }

  /** A card shows its name, cost and one line; the rest opens on demand. */
  async openCard(card: Locator) {
    await card.getByText(/^More about /).click();
  }

  /** Generates destination ideas, waits for the first card and chooses it (confirming the dialog). */
  async chooseFirstIdea(): Promise<Locator> {
    await this.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
    const first = this.destinationCards().first();
    await expect(first).toBeVisible({ timeout: 60_000 });
    this.page.once("dialog", (dialog) => dialog.accept());
    await first.getByRole("button", { name: /^Choose / }).click();
    await expect(first).toContainText("Chosen");
    return first;
  }

  async inviteLink(): Promise<string> {
    return this.page.getByRole("textbox", { name: "Invite link" }).inputValue();
  }
}
