import { expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { PreferencesPage } from "./pages/preferences-page";
import { SettingsPage } from "./pages/settings-page";

/**
 * Every member can get back in: Ben joins on his phone (browser A) and is shown his
 * personal link once; opening it on his laptop (browser B) signs that in as Ben too,
 * without signing the phone out. A one-time link made on the phone signs in a tablet
 * once. The organizer sees Ben's devices and revokes the laptop, which then gets the
 * trip's 404 like a stranger, while the phone stays in.
 */
test("a personal link signs in a second device; the organizer revokes it and it gets 404", async ({ browser }) => {
  const olga = await browser.newPage();
  olga.on("dialog", (dialog) => dialog.accept());
  const tripId = await new HomePage(olga).createTrip("Devices weekend", "Olga");
  const dashboard = new DashboardPage(olga);
  await dashboard.goto(tripId);
  const invite = await dashboard.inviteLink();

  // Browser A: Ben joins and is shown his personal link once, with what it is for.
  const phone = await (await browser.newContext()).newPage();
  await phone.goto(invite);
  await expect(phone.getByText("Olga organizes. 1 person is in so far.")).toBeVisible();
  await phone.getByLabel("Your name").fill("Ben");
  await phone.getByRole("button", { name: "Join the trip" }).click();
  const personalLink = phone.getByRole("textbox", { name: "Your personal sign-in link" });
  await expect(personalLink).toHaveValue(/\/signin\/[A-Za-z0-9_-]{43}$/);
  await expect(phone.getByText("it's how you get back in on another device")).toBeVisible();
  const personalUrl = await personalLink.inputValue();
  await phone.getByRole("link", { name: "Continue to your preferences" }).click();
  await phone.waitForURL(/\/preferences/);

  // Browser B, a fresh context: the personal link signs it in as Ben.
  const laptop = await (await browser.newContext()).newPage();
  await laptop.goto(personalUrl);
  await laptop.waitForURL(new RegExp(`/trips/${tripId}$`));
  await expect(laptop.getByText("You're in as Ben")).toBeVisible();
  await expectSignedInAsBen(phone, tripId);

  // From the phone, a one-time link for a tablet: it works once.
  const phoneSettings = new SettingsPage(phone);
  await phoneSettings.goto(tripId);
  const deviceUrl = await phoneSettings.linkForAnotherDevice();
  const tablet = await (await browser.newContext()).newPage();
  await tablet.goto(deviceUrl);
  await expect(tablet.getByText("You're in as Ben")).toBeVisible();
  const another = await (await browser.newContext()).newPage();
  await another.goto(deviceUrl);
  await expect(another.getByText("That sign-in link isn't valid any more")).toBeVisible();

  // The organizer sees Ben's three devices and revokes the laptop (the second one signed in).
  await olga.reload();
  const summary = olga.getByText(/^3 devices/);
  await expect(summary).toBeVisible();
  await summary.click();
  const bensDevices = olga.getByRole("list", { name: "Ben's devices" });
  await expect(bensDevices.getByRole("listitem")).toHaveCount(3);
  await bensDevices
    .getByRole("button", { name: /^Revoke Ben's/ })
    .nth(1)
    .click();
  await expect(bensDevices.getByRole("listitem")).toHaveCount(2);

  const revoked = await laptop.goto(`/trips/${tripId}`);
  expect(revoked?.status()).toBe(404);
  await expectSignedInAsBen(phone, tripId);
  await expectSignedInAsBen(tablet, tripId);
});

async function expectSignedInAsBen(page: Page, tripId: string) {
  const response = await page.goto(`/trips/${tripId}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText("You're in as Ben")).toBeVisible();
}

/**
 * The organizer helps Ben back in without becoming him: the help link opens a page that
 * shows nothing of Ben's answers and lets its holder do nothing but confirm or start over;
 * starting over erases Ben's answers before the browser gets in. Ben's phone lists that
 * browser as added with a link the organizer made, and signs it out with the others.
 */
test("the organizer's help link never shows or changes the member's answers", async ({ browser }) => {
  const olga = await browser.newPage();
  olga.on("dialog", (dialog) => dialog.accept());
  const tripId = await new HomePage(olga).createTrip("Help weekend", "Olga");
  const dashboard = new DashboardPage(olga);
  await dashboard.goto(tripId);
  const invite = await dashboard.inviteLink();

  const phone = await (await browser.newContext()).newPage();
  phone.on("dialog", (dialog) => dialog.accept());
  await phone.goto(invite);
  await phone.getByLabel("Your name").fill("Ben");
  await phone.getByRole("button", { name: "Join the trip" }).click();
  await phone.getByRole("link", { name: "Continue to your preferences" }).click();
  await phone.waitForURL(/\/preferences/);
  await new PreferencesPage(phone).fillAndSave({
    windows: [{ start: "2027-06-10", end: "2027-06-20" }],
    budget: { min: 1234, max: 5678, hardLimit: true },
    vibes: ["Beach"],
    hardNos: ["BEN-E2E-HARD-NO"],
    notes: "BEN-E2E-NOTE",
  });

  // Olga makes a help link for Ben and opens it herself, in a fresh browser.
  await olga.reload();
  await olga.getByText(/^1 device · active/).click();
  await olga.getByRole("button", { name: "Help Ben sign back in" }).click();
  const helpUrl = await olga.getByRole("textbox", { name: "Sign-in help link for Ben" }).inputValue();
  const helped = await (await browser.newContext()).newPage();
  helped.on("dialog", (dialog) => dialog.accept());
  await helped.goto(helpUrl);
  await expect(helped.getByRole("heading", { name: "Confirm it's you, Ben" })).toBeVisible();
  const secrets = /BEN-E2E|1,?234|5,?678/;
  await expect(helped.locator("body")).not.toContainText(secrets);
  expect((await helped.goto(`/trips/${tripId}/preferences`))?.status()).toBe(404);
  expect((await helped.request.get(`/api/trips/${tripId}/snapshot`)).status()).toBe(403);

  // A wrong home town is refused; starting over erases Ben's answers, then lets the browser in.
  await helped.goto(`/trips/${tripId}`);
  await helped.getByLabel("Your home town").fill("Atlantis");
  await helped.getByRole("button", { name: "Confirm it's me" }).click();
  await expect(helped.getByText("That isn't the home town in your answers. 4 tries left")).toBeVisible();
  await helped.getByRole("button", { name: "Start over" }).click();
  await expect(helped.getByText("You're back in as Ben.")).toBeVisible();
  await helped.getByRole("button", { name: "Open the trip" }).click();
  await expect(helped.getByText("You're in as Ben")).toBeVisible();
  await expect(helped.locator("body")).not.toContainText(secrets);
  await helped.goto(`/trips/${tripId}/preferences`);
  await expect(helped.getByLabel("Notes for the planner")).toHaveValue("");

  // Ben's phone: what happened, and every other device signed out at once.
  const bensSettings = new SettingsPage(phone);
  await bensSettings.goto(tripId);
  const mine = bensSettings.devices();
  await expect(mine.getByText(/Added with a link the organizer made, .* started over: answers erased/)).toBeVisible();
  await phone.getByRole("button", { name: "Sign out all other devices" }).click();
  await expect(phone.getByText("1 device was signed out.")).toBeVisible();
  expect((await helped.goto(`/trips/${tripId}`))?.status()).toBe(404);
});
