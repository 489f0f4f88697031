import { expect, test } from "@playwright/test";
import { AssistantPanel } from "./pages/assistant-panel";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";

test("on the demo trip, the assistant answers a question and saves an agreement once the person approves it", async ({
  page,
}) => {
  await new HomePage(page).openDemoTrip();
  const assistant = new AssistantPanel(page);

  // A suggestion chip: answered with a read, the conflicts drawn as the dashboard's own items.
  await assistant.suggestion("What do we still disagree on?").click();
  await expect(assistant.conversation()).toContainText(/The group disagrees on \d things?/);
  await expect(assistant.conversation().getByRole("list", { name: "Conflicts" })).toBeVisible();
  await expect(assistant.conversation()).toContainText("Done: Listed where the group disagrees");

  // A write that needs the person's yes: nothing is saved until they approve.
  await assistant.ask("Remember that we prefer trains over flights");
  const card = assistant.conversation().getByRole("region", { name: "Approve this?" });
  await expect(card).toContainText('Add to "What we\'ve agreed": We prefer trains over flights');
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(assistant.conversation()).toContainText('Saved to "What we\'ve agreed"');

  // The agreement is on the dashboard for the group, marked as the assistant's proposal.
  const agreed = new DashboardPage(page).section("What we've agreed");
  await expect(agreed).toContainText("We prefer trains over flights", { timeout: 15_000 });
  await expect(agreed).toContainText("Proposed by the assistant");

  // The conversation is kept on the server: it is there after a reload, and "Clear conversation" empties it.
  await page.reload();
  await expect(assistant.conversation()).toContainText("We prefer trains over flights");
  await assistant.region().getByRole("button", { name: "Clear conversation" }).click();
  await expect(assistant.region()).toContainText("Conversation cleared.");
  await page.reload();
  await expect(assistant.conversation()).not.toContainText("trains");
});
