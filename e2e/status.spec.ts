import { expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";

test("operators read adapters, health and recent runs on /status; the trip's own pages speak only of people and places", async ({
  page,
}) => {
  // The probe's clock starts here (its module loads now); /status, loaded later, must tell the same uptime.
  const firstProbe = (await (await page.request.get("/api/health")).json()) as { uptimeSeconds: number };
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
  // Read at once, so the page's figure and the probe's are taken within a second or so.
  const probe = (await (await page.request.get("/api/health")).json()) as { uptimeSeconds: number };
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
  // The run's id and its tokens are separate figures, each under its own label.
  const figures = run.locator("dl");
  await expect(figures.locator("dt", { hasText: /^Run$/ }).locator("+ dd")).toHaveText(/^[0-9a-f-]{36}$/);
  await expect(figures.locator("dt", { hasText: /^Tokens in$/ }).locator("+ dd")).toHaveText(/^\d+$/);
  await expect(figures.locator("dt", { hasText: /^Tokens out$/ }).locator("+ dd")).toHaveText(/^\d+$/);
  // Statements since start: the demo trip and its run were written through the database, so not 0.
  const statements = page
    .getByRole("region", { name: "Health" })
    .locator("dt", { hasText: "Database statements since start" })
    .locator("+ dd");
  expect(Number(await statements.textContent())).toBeGreaterThan(50);
  // Uptime is the server process's: the same on /status as on the probe, and at least the time this test took.
  const upText = (await page.getByText(/Up \d+ s\./).textContent()) ?? "";
  const up = Number(/Up (\d+) s/.exec(upText)?.[1]);
  expect(Math.abs(probe.uptimeSeconds - up)).toBeLessThanOrEqual(2);
  expect(up).toBeGreaterThanOrEqual(firstProbe.uptimeSeconds + 1);
  // No member of any trip is named here.
  for (const name of ["Maya", "Sam", "Priya", "Leo", "Chen"])
    await expect(page.locator("body")).not.toContainText(name);

  const health = await page.request.get("/api/health");
  expect(health.status()).toBe(200);
  expect(await health.json()).toMatchObject({ status: "ok", database: { driver: "pglite", ok: true } });
});
