import { expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";

test("operators read adapters, health and recent runs on /status; the trip's own pages speak only of people and places", async ({
  page,
}) => {
  await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  await dashboard.recommendations().getByRole("button", { name: "Generate recommendations" }).click();
  await expect(dashboard.destinationCards().first()).toBeVisible({ timeout: 30_000 });
  for (const operatorWord of [
    "PGlite",
    "offline planner",
    "offline-planner",
    "durable runner",
    "Run details",
    "tokens",
  ]) {
    await expect(page.locator("body")).not.toContainText(operatorWord);
  }

  await page.goto("/status");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Service status");
  const adapters = page.getByRole("region", { name: "Adapters" });
  await expect(adapters).toContainText("PGlite (embedded)");
  await expect(adapters).toContainText("local durable runner");
  await expect(adapters).toContainText("offline planner (catalog)");
  await expect(page.getByRole("region", { name: "Health" })).toContainText(/answering \([\d.]+ ms\)/);
  const runs = page.getByRole("region", { name: "Recent runs" });
  const run = runs.getByRole("group").filter({ hasText: "recommendations · succeeded" }).first();
  await run.locator("summary").click();
  await expect(run.getByRole("table")).toContainText("offline-planner");
  await expect(run.getByRole("table")).toContainText("Understanding each member");
  // No member of any trip is named here.
  for (const name of ["Maya", "Sam", "Priya", "Leo", "Chen"])
    await expect(page.locator("body")).not.toContainText(name);

  const health = await page.request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: { driver: "pglite", ok: true } });
});
