import type { Page } from "@playwright/test";

/** The "Ask TripSync" card on the trip pages. */
export class AssistantPanel {
  constructor(private readonly page: Page) {}

  region() {
    return this.page.getByRole("region", { name: "Ask TripSync" });
  }

  conversation() {
    return this.region().getByRole("log", { name: "Conversation" });
  }

  async ask(text: string) {
    await this.region().getByLabel("Ask TripSync").fill(text);
    await this.region().getByRole("button", { name: "Send" }).click();
  }

  suggestion(text: string) {
    return this.region().getByRole("button", { name: text });
  }
}
