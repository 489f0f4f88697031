import { expect, test } from "@playwright/test";
import { DashboardPage } from "./pages/dashboard-page";
import { HomePage } from "./pages/home-page";
import { PlanPage } from "./pages/plan-page";

/**
 * The plan's controls tell the truth: a button that can't work is disabled with the reason
 * (and comes back when it can), and an error goes away once a later action works.
 */
test.setTimeout(240_000);

function isoDay(daysFromToday: number): string {
  return new Date(Date.now() + daysFromToday * 86_400_000).toISOString().slice(0, 10);
}

test("Regenerate says why it can't work until there is feedback; a refusal clears once a later action works", async ({
  page,
}) => {
  const tripId = await new HomePage(page).openDemoTrip();
  const dashboard = new DashboardPage(page);
  await dashboard.chooseFirstIdea();

  const plan = new PlanPage(page);
  await plan.goto(tripId);
  const start = isoDay(40);
  const end = isoDay(43);
  await plan.confirmDates(start, end);
  await plan.generateItinerary();

  // No open flag or suggestion: Regenerate can't do anything, and says so instead of failing on click.
  const regenerate = plan.organizer().getByRole("button", { name: /^Regenerate with feedback/ });
  await expect(regenerate).toBeDisabled();
  await expect(regenerate).toHaveAccessibleDescription(
    "Nothing to regenerate with yet: nobody has an open flag or suggestion.",
  );
  await expect(plan.organizer()).toContainText("0 of 5 regenerations used.");

  // A flag makes it work.
  await plan.flagFirstItem("Not my thing", "Too early for me");
  await expect(
    plan.organizer().getByRole("button", { name: /Regenerate with feedback \(1 open item\)/ }),
  ).toBeEnabled();

  // Change the dates: the plan no longer matches them, so Finalize is refused, in words…
  const openDates = async () => {
    if (!(await plan.organizer().getByLabel("First day").isVisible()))
      await plan.organizer().getByText("(change)").click();
  };
  await openDates();
  await plan.organizer().getByLabel("First day").fill(isoDay(50));
  await plan.organizer().getByLabel("Last day").fill(isoDay(53));
  await plan.organizer().getByRole("button", { name: "Change dates" }).click();
  page.once("dialog", (dialog) => dialog.accept());
  await plan.organizer().getByRole("button", { name: "Finalize the plan" }).click();
  const refusal = plan.organizer().getByRole("alert").filter({ hasText: "Generate the plan for these dates first" });
  await expect(refusal).toBeVisible();
  // …and once the dates are put back (an action that works), the old refusal is gone.
  await openDates();
  await plan.organizer().getByLabel("First day").fill(start);
  await plan.organizer().getByLabel("Last day").fill(end);
  await plan.organizer().getByRole("button", { name: "Change dates" }).click();
  await expect(refusal).toHaveCount(0);
  await plan.organizerClicks("Finalize the plan");
  await expect(page.getByText("This plan is final.")).toBeVisible();
});
