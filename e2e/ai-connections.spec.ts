import { createMCPClient } from "@ai-sdk/mcp";
import { expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { SettingsPage } from "./pages/settings-page";

/**
 * An AI connection end to end on the running app: the organizer connects an AI app on her
 * settings page (its token shown once), an MCP client (the maintained @ai-sdk/mcp, over real
 * HTTP to /api/mcp) lists the tools of its scopes and renames the trip as the organizer,
 * the dashboard shows the new name; once revoked on the settings page, the endpoint answers 401.
 */
test("an AI connection made on the settings page works over MCP until it is revoked", async ({ page, baseURL }) => {
  page.on("dialog", (dialog) => dialog.accept());
  const tripId = await new HomePage(page).createTrip("Connected weekend", "Olga");
  const dashboard = new DashboardPage(page);
  await dashboard.goto(tripId);
  const settings = new SettingsPage(page);
  await settings.openFromDashboard();
  const form = page.getByRole("form", { name: "New AI connection" });
  await expect(page.getByText("No AI connections yet.")).toBeVisible();
  await form.getByLabel("Name").fill("Claude on my laptop");
  await form.getByLabel("Make changes as me").check();
  await form.getByRole("button", { name: "Connect an AI app" }).click();
  const tokenField = page.getByRole("textbox", { name: "Token for Claude on my laptop" });
  await expect(tokenField).toHaveValue(/^[A-Za-z0-9_-]{43}$/);
  const token = await tokenField.inputValue();
  // Shown once with what goes where: the endpoint, the header, what it may do and until when.
  const url = `${baseURL}/api/mcp`;
  await expect(page.getByRole("textbox", { name: "MCP endpoint" })).toHaveValue(url);
  await expect(page.getByRole("textbox", { name: "Header with the token" })).toHaveValue(
    `Authorization: Bearer ${token}`,
  );
  await expect(page.getByRole("status").filter({ hasText: "shown only this once" })).toContainText(
    "“Claude on my laptop” reads and makes changes as you until",
  );
  const listed = page.getByRole("list", { name: "Your AI connections" });
  await expect(listed.getByRole("listitem")).toHaveCount(1);
  await expect(listed).toContainText("Claude on my laptop · reads and makes changes");
  await expect(listed).toContainText("works until");
  await page.getByRole("button", { name: "I've copied it" }).click();
  await expect(tokenField).toHaveCount(0);

  const client = await createMCPClient({
    transport: { type: "http", url, headers: { authorization: `Bearer ${token}` } },
  });
  const names = (await client.listTools()).tools.map((t) => t.name);
  expect(names).toContain("renameTrip");
  expect(names).toContain("readPlan");
  expect(names).not.toContain("generateRecommendations");
  expect(names).not.toContain("deleteTrip");
  const renamed = await client.callTool({ name: "renameTrip", arguments: { name: "Porto, renamed by my AI" } });
  expect(renamed.isError).toBe(false);
  await client.close();
  await dashboard.goto(tripId);
  await expect(page.getByRole("heading", { name: "Porto, renamed by my AI" })).toBeVisible();
  await settings.goto(tripId);

  // A browser's cookie is no bearer token.
  const cookie = (await page.context().cookies()).find((c) => c.name === `tripsync_${tripId}`);
  const init = {
    jsonrpc: "2.0",
    id: 1,
    method: "initialize",
    params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "e2e", version: "1" } },
  };
  const post = (authorization: string) =>
    fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", authorization },
      body: JSON.stringify(init),
    });
  expect((await post(`Bearer ${cookie?.value}`)).status).toBe(401);
  // The app's own route caps a request's body at 64 kB.
  const huge = await fetch(url, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "application/json, text/event-stream",
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ ...init, params: { ...init.params, padding: "x".repeat(70_000) } }),
  });
  expect(huge.status).toBe(413);
  expect((await huge.json()).error.message).toContain("larger than 64 kB");

  await page.getByRole("button", { name: "Revoke Claude on my laptop" }).click();
  await expect(page.getByText("No AI connections yet.")).toBeVisible();
  expect((await post(`Bearer ${token}`)).status).toBe(401);
});
