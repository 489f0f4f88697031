import { expect, type Locator, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { PlanPage } from "./pages/plan-page";

/**
 * Hand edits and deletion, in real Chromium with two browsers: the organizer locks,
 * removes and adds back items — each a new version "Edited by hand", none using a
 * regeneration; a move to where the item already is makes none — while a member's open
 * page follows live; a regeneration the
 * member's flag causes keeps the locked item where it was. Then the organizer deletes the
 * trip by typing its name and lands on the home page; the member's pages answer 404.
 */
test.setTimeout(300_000);

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

/** An item's title from its "Remove <title>" button. */
async function titleOf(removeButton: Locator): Promise<string> {
  return ((await removeButton.getAttribute("aria-label")) ?? "").replace(/^Remove /, "");
}

test("hand edits make new versions without using a regeneration; a regeneration keeps the locked item; deleting the trip", async ({
  page,
  browser,
}) => {
  const tripId = await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  const invite = await dashboard.inviteLink();
  await dashboard.chooseFirstIdea();
  const plan = new PlanPage(page);
  await plan.goto(tripId);
  await plan.confirmDates(isoDay(45), isoDay(48));
  await plan.generateItinerary();

  const guest = await joinInNewBrowser(browser, invite, "Robin");
  const guestPlan = new PlanPage(guest.page);
  await guestPlan.goto(tripId);
  await expect(guestPlan.days().getByRole("heading", { name: /^Day 1/ })).toBeVisible();
  // Members don't get the edit controls.
  await expect(guestPlan.days().getByRole("button", { name: /^Remove / })).toHaveCount(0);
  await expect(guestPlan.days().getByText("Kept in place")).toHaveCount(0);

  const versions = page.getByRole("region", { name: "Versions" });
  const removeButtons = plan.days().getByRole("button", { name: /^Remove / });
  const where = async (title: string) => {
    await plan
      .days()
      .getByRole("button", { name: `Move ${title} to…` })
      .click();
    const form = plan.days().getByRole("form", { name: `Move ${title}` });
    const at = {
      day: await form.getByLabel("Day", { exact: true }).inputValue(),
      slot: await form.getByLabel("Time of day", { exact: true }).inputValue(),
    };
    await form.getByRole("button", { name: "Cancel" }).click();
    return at;
  };

  // Lock the first item: version 2; the member's open page shows it kept in place without a reload.
  const locked = await titleOf(removeButtons.first());
  const lockedAt = await where(locked);
  await plan
    .days()
    .getByRole("button", { name: `Lock ${locked}` })
    .click();
  await expect(versions).toContainText("Version 2");
  await expect(versions).toContainText("Edited by hand from version 1");
  await expect(plan.days().getByRole("button", { name: `Unlock ${locked}` })).toBeVisible();
  await expect(guestPlan.days().getByText("Kept in place")).toHaveCount(1, { timeout: 15_000 });

  // Remove the second item: version 3.
  const removed = await titleOf(removeButtons.nth(1));
  const removedAt = await where(removed);
  await plan
    .days()
    .getByRole("button", { name: `Remove ${removed}` })
    .click();
  await expect(versions).toContainText("Version 3");
  await expect(plan.days().getByRole("button", { name: `Remove ${removed}` })).toHaveCount(0);

  // Add it back where it was, from the activities that suit everyone: version 4.
  const add = page.getByRole("form", { name: "Add an activity" });
  const option = add.getByLabel(/^Activity/).locator("option", { hasText: removed });
  await add.getByLabel(/^Activity/).selectOption((await option.getAttribute("value")) ?? "");
  await add.getByLabel("Day", { exact: true }).selectOption(removedAt.day);
  await add.getByLabel("Time of day", { exact: true }).selectOption(removedAt.slot);
  await add.getByRole("button", { name: "Add to the plan" }).click();
  await expect(add).toContainText(`${removed} is in the plan now`);
  await expect(versions).toContainText("Version 4");
  await expect(plan.days().getByRole("button", { name: `Remove ${removed}` })).toBeVisible();

  // Move it to where it already is (the controls, keyboard only): refused, no version that changes nothing.
  await plan
    .days()
    .getByRole("button", { name: `Move ${removed} to…` })
    .focus();
  await page.keyboard.press("Enter");
  const move = plan.days().getByRole("form", { name: `Move ${removed}` });
  await move.getByRole("button", { name: "Move" }).focus();
  await page.keyboard.press("Enter");
  await expect(plan.days().getByRole("group", { name: `Edit ${removed}` })).toContainText(
    `${removed} is already in the`,
  );
  await expect(versions).not.toContainText("Version 5");
  await expect(plan.organizer()).toContainText("0 of 5 regenerations used.");

  // The member flags the locked item; the regeneration declines it and keeps the item where it is.
  await guest.page.reload();
  await guest.page.getByRole("button", { name: `Flag ${locked}` }).click();
  const flagForm = guest.page.getByRole("form", { name: `Flag ${locked}` });
  await flagForm.getByLabel("Not my thing").check();
  await flagForm.getByRole("button", { name: "Send flag" }).click();
  const regenerate = plan.organizer().getByRole("button", { name: /Regenerate with feedback \(1 open item\)/ });
  await expect(regenerate).toBeVisible({ timeout: 15_000 });
  await regenerate.click();
  await expect(versions).toContainText("Version 5", { timeout: 60_000 });
  await expect(versions).toContainText("Regenerated with feedback from version 4");
  await expect(plan.organizer()).toContainText("1 of 5 regenerations used.");
  await expect(plan.days().getByRole("button", { name: `Unlock ${locked}` })).toBeVisible();
  expect(await where(locked)).toEqual(lockedAt);
  await expect(page.getByText(`Kept: the organizer locked "${locked}" in place.`)).toBeVisible();

  // Delete the trip: the name must be typed; then home with a notice, and the member's pages are gone.
  await dashboard.goto(tripId);
  const danger = page.getByRole("form", { name: "Delete this trip" });
  await expect(danger.getByRole("button", { name: "Delete this trip" })).toBeDisabled();
  await danger.getByLabel(/to confirm/).fill("Demo: friends' getaway");
  await danger.getByRole("button", { name: "Delete this trip" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("The trip was deleted")).toBeVisible();
  expect((await page.goto(`/trips/${tripId}`))?.status()).toBe(404);
  expect((await guest.page.goto(`/trips/${tripId}/plan`))?.status()).toBe(404);
  expect((await guest.page.request.get(`/api/trips/${tripId}/calendar.ics`)).status()).toBe(404);
});

test("the organizer renames the trip in place: an error under the field, then the new name and description", async ({
  page,
}) => {
  const tripId = await new HomePage(page).openDemoTrip();
  await page.getByRole("button", { name: "Edit name and description" }).click();
  const form = page.getByRole("form", { name: "Edit the trip's name and description" });
  const name = form.getByLabel("Trip name");
  await expect(name).toBeFocused();

  await name.fill("   ");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(name).toHaveAccessibleDescription(/Give the trip a name/);

  await name.fill("  Friends in Lisbon  ");
  await form.getByLabel(/^Description/).fill("Tiles, tarts and the sea.");
  await form.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Friends in Lisbon");
  await expect(page.getByText("Tiles, tarts and the sea.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Edit name and description" })).toBeFocused();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Friends in Lisbon");
  expect(page.url()).toContain(tripId);
});
