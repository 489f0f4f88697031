import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { callAction, resultOf } from "./http/action-client";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { joinInNewBrowser } from "./pages/join-page";
import { countPageRenders } from "./pages/page-renders";
import { PlanPage } from "./pages/plan-page";

/**
 * Three members share the trip's costs: Olga (organizer, desktop) on the Costs page, Ben on the
 * dashboard, Cy on a phone (390×844) on the Costs page, reading amounts in euros. Cy skips a plan
 * item; Olga pays $30 for it (split between Olga and Ben), Ben pays €60 for dinner (all three).
 * Worked out by hand at the shipped rates (1 USD = 0.8625 EUR):
 *   €60 → USD at 1 / 0.8625 = 1.15942029: 6000 × 1.15942029 = 6956.52 → $69.57; a third each: $23.19.
 *   Olga +15.00 − 23.19 = −8.19 · Ben −15.00 + 69.57 − 23.19 = +31.38 · Cy −23.19 (sum 0).
 *   Fewest transfers: Cy pays Ben $23.19, Olga pays Ben $8.19.
 *   Cy's $23.19 in euros: 2319 × 0.8625 = 2000.14 → €20.00.
 * Ben's dashboard follows every change without a page render.
 */
test.setTimeout(180_000);

const LIVE = { timeout: 10_000 };

test("costs shared in two currencies, a skipped item, settled live in every view, a payment undone, the CSV parsed", async ({
  browser,
  baseURL,
}) => {
  // Olga's trip with a plan: her answers, the first idea, dates, the itinerary (the offline planner).
  const olgaContext = await browser.newContext({ acceptDownloads: true });
  const olga = await olgaContext.newPage();
  const tripId = await new HomePage(olga).createTrip("Shared costs", "Olga");
  await olga.getByLabel(/I'm flexible — any dates/).check();
  await olga.getByRole("button", { name: "Save preferences" }).click();
  await expect(olga.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  const dashboard = new DashboardPage(olga);
  await dashboard.goto(tripId);
  const invite = await dashboard.inviteLink();
  await dashboard.chooseFirstIdea();
  const plan = new PlanPage(olga);
  await plan.goto(tripId);
  await plan.confirmDates("2027-06-07", "2027-06-10");
  await plan.generateItinerary();

  const ben = await joinInNewBrowser(browser, invite, "Ben");
  const cy = await joinInNewBrowser(browser, invite, "Cy", { viewport: { width: 390, height: 844 } });

  // Cy skips the first item of the plan, on the phone.
  const cyPlan = new PlanPage(cy.page);
  await cyPlan.goto(tripId);
  // On a phone a day opens on demand.
  await cyPlan
    .days()
    .getByRole("heading", { name: /^Day 1/ })
    .click();
  const skip = cyPlan
    .days()
    .getByRole("button", { name: /^I'll skip / })
    .first();
  await expect(skip).toBeVisible();
  const item = ((await skip.getAttribute("aria-label")) ?? "").replace(/^I'll skip /, "");
  await skip.click();
  await expect(cy.page.getByRole("button", { name: `Count me in again for ${item}` })).toBeVisible();
  await expect(cy.page.getByText("You skip this.").first()).toBeVisible();

  // Cy reads amounts in euros.
  await cy.page.goto(`/trips/${tripId}/costs`);
  await cy.page.getByLabel("Show amounts in").selectOption("EUR");
  await expect(cy.page.getByLabel("Show amounts in")).toHaveValue("EUR");
  await expect(cy.page.getByTestId("my-standing")).toHaveText("You're even.");

  // Ben watches the dashboard: from here on it is never rendered again.
  await ben.page.goto(`/trips/${tripId}`);
  const glance = ben.page.getByTestId("costs-glance");
  await expect(glance).toHaveText("No expenses yet.");
  const benRenders = countPageRenders(ben.page);

  // Olga pays $30 for the item Cy skips: picking it leaves Cy out.
  await olga.goto(`/trips/${tripId}/costs`);
  const form = olga.getByRole("form", { name: "Add an expense" });
  const option = form.getByLabel("For a plan item (optional)").locator("option", { hasText: item }).first();
  await form.getByLabel("For a plan item (optional)").selectOption((await option.getAttribute("value")) ?? "");
  await expect(form.getByLabel("What for")).toHaveValue(item);
  await expect(form.getByLabel("Cy shares it")).not.toBeChecked();
  await expect(form.getByLabel("Ben shares it")).toBeChecked();
  await form.getByLabel("Amount", { exact: true }).fill("30");
  await form.getByLabel("Currency").selectOption("USD");
  await form.getByRole("button", { name: "Add expense" }).click();
  await expect(form.getByText("Expense added.")).toBeVisible();
  // $30 between Olga and Ben: Ben owes $15.00.
  await expect(glance).toHaveText("You owe $15.00 in all. 1 transfer settles the group.", LIVE);
  await expect(cy.page.getByTestId("my-standing")).toHaveText("You're even.", LIVE);

  // Ben pays €60 for dinner for all three, from a script of his own (the action over HTTP).
  const benCaller = { request: ben.context.request, base: baseURL ?? "", client: "198.51.100.20" };
  const added = await callAction(benCaller, `/trips/${tripId}/costs`, "addExpenseAction", [
    {
      tripId,
      description: "Dinner, fish market",
      amount: "60",
      currency: "EUR",
      category: "food",
      spentOn: "2027-06-08",
      split: { kind: "equal" },
    },
  ]);
  expect(await resultOf(added)).toMatchObject({ ok: true, data: { tripAmount: 6957, tripCurrency: "USD" } });
  await expect(glance).toHaveText("You're owed $31.38 in all. 2 transfers settle the group.", LIVE);
  await expect(cy.page.getByTestId("my-standing")).toHaveText("You owe $23.19 (≈ €20.00) in all.", LIVE);
  const transfers = olga.getByRole("list", { name: "Transfers that settle the group" });
  await expect(transfers.getByRole("listitem")).toHaveText([/^Cy pays Ben \$23\.19/, /^Olga pays Ben \$8\.19/], LIVE);

  // Cy records paying Ben on the phone; Olga undoes it (recorded by mistake), then both settle.
  await cy.page.getByRole("button", { name: "Record payment: Cy pays Ben $23.19" }).click();
  await expect(glance).toHaveText("You're owed $8.19 in all. 1 transfer settles the group.", LIVE);
  await expect(cy.page.getByTestId("my-standing")).toHaveText("You're even.", LIVE);
  await olga.reload();
  await olga.getByRole("button", { name: "Undo payment: Cy paid Ben $23.19" }).click();
  await expect(glance).toHaveText("You're owed $31.38 in all. 2 transfers settle the group.", LIVE);
  await expect(cy.page.getByTestId("my-standing")).toHaveText("You owe $23.19 (≈ €20.00) in all.", LIVE);
  await cy.page.getByRole("button", { name: "Record payment: Cy pays Ben $23.19" }).click();
  await expect(glance).toHaveText("You're owed $8.19 in all. 1 transfer settles the group.", LIVE);
  await olga.getByRole("button", { name: "Record payment: Olga pays Ben $8.19" }).click();
  await expect(glance).toHaveText("You're even. All settled.", LIVE);
  await expect(olga.getByText("All settled: nobody owes anybody.")).toBeVisible(LIVE);
  await expect(cy.page.getByText("All settled: nobody owes anybody.")).toBeVisible(LIVE);
  expect(benRenders.urls).toEqual([]);

  // The CSV, parsed: both expenses in their own currency and the trip's, and all settled.
  const [download] = await Promise.all([
    olga.waitForEvent("download"),
    olga.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  const text = await readFile((await download.path()) ?? "", "utf8");
  const rows = parse(text, { bom: true, relax_column_count: true, skip_empty_lines: true }) as string[][];
  expect(rows[0]).toEqual([
    "Date",
    "Description",
    "Category",
    "Amount",
    "Currency",
    "Amount (USD)",
    "Rate",
    "Rate date",
    "Paid by",
    "Split",
  ]);
  const lines = rows.slice(1, 3).map((r) => [r[1], r[3], r[4], r[5], r[8], r[9]]);
  expect(lines).toEqual([
    [
      item,
      "30.00",
      "USD",
      "30.00",
      "Olga 30.00",
      expect.stringMatching(/^(Olga 15\.00; Ben 15\.00|Ben 15\.00; Olga 15\.00)$/),
    ],
    ["Dinner, fish market", "60.00", "EUR", "69.57", "Ben 60.00", expect.stringMatching(/Olga 20\.00/)],
  ]);
  expect(rows.at(-1)?.[0]).toBe("All settled");

  await Promise.all([olgaContext.close(), ben.context.close(), cy.context.close()]);
});
