import { expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { SettingsPage } from "./pages/settings-page";

/**
 * The email settings on a member's settings page, by keyboard: a bad address is refused on its field and
 * announced; a good one is saved with the chosen topics and still there after a reload;
 * nobody else (the organizer included) ever sees it.
 */
test("a member adds their email by keyboard, sees it saved, and nobody else sees it", async ({ browser }) => {
  const olga = await browser.newPage();
  const tripId = await new HomePage(olga).createTrip("Email weekend", "Olga");
  const dashboard = new DashboardPage(olga);
  await dashboard.goto(tripId);
  const invite = await dashboard.inviteLink();

  const ben = await (await browser.newContext()).newPage();
  await ben.goto(invite);
  await ben.getByLabel("Your name").fill("Ben");
  await ben.getByRole("button", { name: "Join the trip" }).click();
  await ben.getByRole("link", { name: "Continue to your preferences" }).click();
  await ben.waitForURL(/\/preferences/);
  await ben.goto(`/trips/${tripId}`);
  const bensSettings = new SettingsPage(ben);
  await bensSettings.openFromDashboard();

  const card = bensSettings.email();
  const address = card.getByRole("textbox", { name: /Your email address/ });
  await address.fill("ben at example");
  await address.press("Enter");
  await expect(card.getByRole("alert")).toHaveText("Check the address and save again.");
  await expect(address).toHaveAttribute("aria-invalid", "true");
  await expect(card.getByText("That doesn't look like an email address")).toBeVisible();

  await address.fill("Ben.Private@Example.com");
  // Every topic starts chosen; Ben turns "The plan is final" off with the keyboard.
  const final = card.getByRole("checkbox", { name: "The plan is final" });
  await expect(final).toBeChecked();
  await final.focus();
  await ben.keyboard.press("Space");
  await expect(final).not.toBeChecked();
  await card.getByRole("button", { name: "Save email settings" }).focus();
  await ben.keyboard.press("Enter");
  await expect(card.getByRole("status")).toHaveText(
    "Saved: we'll email ben.private@example.com (at most once every 15 minutes).",
  );
  await expect(address).not.toHaveAttribute("aria-invalid");

  await ben.reload();
  await expect(address).toHaveValue("ben.private@example.com");
  await expect(final).not.toBeChecked();
  await expect(card.getByRole("checkbox", { name: "Destination ideas are ready to vote on" })).toBeChecked();

  // The organizer's dashboard and settings show Ben's address nowhere; her settings, her own empty field.
  await olga.reload();
  await expect(olga.locator("body")).not.toContainText("ben.private@example.com");
  const olgasSettings = new SettingsPage(olga);
  await olgasSettings.goto(tripId);
  await expect(olga.locator("body")).not.toContainText("ben.private@example.com");
  await expect(olgasSettings.email().getByRole("textbox", { name: /Your email address/ })).toHaveValue("");

  // The operator's page counts the outbox and says email is kept there (no SMTP_URL on this server).
  await olga.goto("/status");
  await expect(olga.getByRole("region", { name: "Adapters" })).toContainText("outbox only (set SMTP_URL to send)");
  await expect(olga.getByRole("region", { name: "Email outbox" })).toContainText("Waiting");
});
