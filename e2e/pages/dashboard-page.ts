import type { Locator, Page } from "@playwright/test";

export class DashboardPage {
  constructor(private readonly page: Page) {}

  async goto(tripId: string) {
    await this.page.goto(`/trips/${tripId}`);
  }

  section(name: string) {
    return this.page.getByRole("region", { name });
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

  async inviteLink(): Promise<string> {
    return this.page.getByRole("textbox", { name: "Invite link" }).inputValue();
  }
}
