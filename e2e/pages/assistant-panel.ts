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

  /** The suggestion chips offered (only while the conversation is empty). */
  suggestions() {
    return this.region().getByRole("group", { name: "Suggestions" }).getByRole("button");
  }

  /** A run the assistant started, inside its answer (named for what it does, e.g. "Finding destination ideas"). */
  run(name: string) {
    return this.conversation().getByRole("region", { name });
  }

  async clear() {
    await this.region().getByRole("button", { name: "Clear conversation" }).click();
  }
}
