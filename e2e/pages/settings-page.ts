import { expect, type Page } from "@playwright/test";

/** A member's own settings for a trip: their devices, AI connections and email. */
export class SettingsPage {
  constructor(private readonly page: Page) {}

  async goto(tripId: string) {
    await this.page.goto(`/trips/${tripId}/settings`);
    await expect(this.page.getByRole("heading", { level: 1, name: "Your settings" })).toBeVisible();
  }

  /** From the dashboard's header, the way a member gets there. */
  async openFromDashboard() {
    await this.page.getByRole("link", { name: "Settings", exact: true }).first().click();
    await expect(this.page.getByRole("heading", { level: 1, name: "Your settings" })).toBeVisible();
  }

  /** The viewer's own signed-in devices. */
  devices() {
    return this.page.getByRole("list", { name: "Your devices" });
  }

  /** Makes a one-time link that signs in another device, and returns it. */
  async linkForAnotherDevice(): Promise<string> {
    await this.page.getByRole("button", { name: "Sign in another device" }).click();
    const link = this.page.getByRole("textbox", { name: "Link for your other device" });
    await expect(link).toHaveValue(/\/signin\//);
    return link.inputValue();
  }

  aiConnections() {
    return this.page.getByRole("region", { name: "AI connections" });
  }

  email() {
    return this.page.getByRole("region", { name: "Email notifications" });
  }

  /** The email settings' form, opened if its card is closed (on a phone it opens on a tap once the page is interactive). */
  async openEmail() {
    const card = this.email();
    const form = card.getByRole("form", { name: "Email notifications" });
    await expect(async () => {
      if (!(await form.isVisible())) await card.locator("summary").first().click();
      await expect(form).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 30_000 });
    return card;
  }
}
