import type { Page } from "@playwright/test";

export class HomePage {
  constructor(private readonly page: Page) {}

  async goto() {
    await this.page.goto("/");
  }

  /** Creates a trip and lands on the organizer's own preferences form. Returns the trip id. */
  async createTrip(tripName: string, organizerName: string): Promise<string> {
    await this.goto();
    await this.page.getByLabel("Trip name").fill(tripName);
    await this.page.getByLabel("Your name").fill(organizerName);
    await this.page.getByRole("button", { name: "Create a trip" }).click();
    await this.page.waitForURL(/\/trips\/[0-9a-f-]+\/preferences/);
    return tripIdOf(this.page.url());
  }

  async openDemoTrip(): Promise<string> {
    await this.goto();
    await this.page.getByRole("button", { name: "Try a demo trip" }).click();
    await this.page.waitForURL(/\/trips\/[0-9a-f-]+$/);
    return tripIdOf(this.page.url());
  }
}

export function tripIdOf(url: string): string {
  const id = /\/trips\/([0-9a-f-]{36})/.exec(url)?.[1];
  if (!id) throw new Error(`no trip id in ${url}`);
  return id;
}
