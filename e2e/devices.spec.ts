import { expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";

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
  await phone.goto(`/trips/${tripId}`);
  await phone.getByRole("button", { name: "Sign in another device" }).click();
  const deviceLink = phone.getByRole("textbox", { name: "Link for your other device" });
  await expect(deviceLink).toHaveValue(/\/signin\//);
  const deviceUrl = await deviceLink.inputValue();
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
