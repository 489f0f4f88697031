import { expect, type Page, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";

/**
 * Every page loads under its nonce-based Content-Security-Policy with zero violations:
 * the browser reports each one both as a console error and as a
 * `securitypolicyviolation` event, and this test listens for both.
 */

async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Content-Security-Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction("__reportCspViolation", (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${event.violatedDirective} blocked ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`,
      );
    });
  });
  return violations;
}

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
  // Client-side work after load (forms, live updates) runs under the same policy.
  await page.goto(`/trips/${tripId}`);
  const dashboard = new DashboardPage(page);
  await dashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(dashboard.destinationCards().first()).toBeVisible({ timeout: 30_000 });
  await settle();

  expect(visited.length).toBeGreaterThanOrEqual(7);
  expect(violations).toEqual([]);
});
