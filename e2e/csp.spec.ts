import { expect, test } from "@playwright/test";
import { watchCsp } from "./csp-watch";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";

/**
 * Every page loads under its nonce-based Content-Security-Policy with zero violations
 * (the plan and share pages with real content are watched in e2e/itinerary.spec.ts).
 */

test("every page loads with zero CSP violations", async ({ page }) => {
  const violations = await watchCsp(page);
  const visited: string[] = [];
  const settle = async () => {
    await page.waitForLoadState("networkidle");
    visited.push(new URL(page.url()).pathname);
  };

  await new HomePage(page).goto();
  await settle();
  const tripId = await new HomePage(page).openDemoTrip();
  await settle();
  const invite = await new DashboardPage(page).inviteLink();
  await page.goto(`/trips/${tripId}/preferences`);
  await settle();
  await page.goto(new URL(invite).pathname);
  await settle();
  await page.goto("/trips/00000000-0000-4000-8000-000000000000");
  await settle();
  await page.goto("/no-such-page");
  await settle();
  await page.goto(`/trips/${tripId}/plan`);
  await settle();
  await page.goto("/s/not-a-real-share-link");
  await settle();
  await page.goto("/status");
  await settle();
  // Client-side work after load (forms, live updates) runs under the same policy.
  await page.goto(`/trips/${tripId}`);
  const dashboard = new DashboardPage(page);
  await dashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(dashboard.destinationCards().first()).toBeVisible({ timeout: 30_000 });
  await settle();

  expect(visited.length).toBeGreaterThanOrEqual(10);
  expect(violations).toEqual([]);
});
