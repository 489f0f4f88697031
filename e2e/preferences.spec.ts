import { expect, test } from "@playwright/test";
import { HomePage } from "./pages/home-page";
import { PreferencesPage } from "./pages/preferences-page";

/**
 * The form holds what people mean and never loses what they typed: quick budget tiers and
 * a ceiling-only budget; dates "flexible by ± N days"; "cheap" in an amount box stays there with an error; a long note
 * is never cut without a word; leaving with unsaved answers asks first; after a save that
 * lost to another tab, the typed answers come back with one click.
 */
test("budgets as people say them, nothing cut or lost, and a save conflict keeps the typed answers", async ({
  page,
  context,
}) => {
  const tripId = await new HomePage(page).createTrip("Form trip", "Olga");
  await page.getByLabel(/I'm flexible — any dates/).check();
  await page.getByRole("radio", { name: "I have a budget" }).check();

  // A quick tier fills both amounts.
  await page.getByRole("button", { name: /^Comfortable/ }).click();
  await expect(page.getByLabel(/^At least/)).toHaveValue("1000");
  await expect(page.getByLabel("At most", { exact: true })).toHaveValue("2500");

  // "cheap" stays in the box, with an error; nothing is saved.
  await page.getByLabel("At most", { exact: true }).fill("cheap");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Some answers need another look" })).toContainText(
    "Budget maximum: Enter an amount, like 2000 or €2,000",
  );
  await expect(page.getByLabel("At most", { exact: true })).toHaveValue("cheap");

  // Only a ceiling: "up to $1,200".
  await page.getByLabel(/^At least/).fill("");
  await page.getByLabel("At most", { exact: true }).fill("$1,200");

  // A long paste isn't cut: the count says how much to shorten, and the save is refused.
  const long = "We love long walks and good food. ".repeat(40);
  await page.getByLabel("Notes for the planner").fill(long);
  await expect(page.getByLabel("Notes for the planner")).toHaveValue(long);
  await expect(page.getByText(/too many: shorten your notes/)).toBeVisible();
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Some answers need another look" })).toContainText("Notes");
  await page.getByLabel("Notes for the planner").fill("Long walks and good food.");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  // Unsaved answers: the form's own link asks before leaving.
  await page.getByLabel("Notes for the planner").fill("Changed my mind");
  page.once("dialog", (dialog) => dialog.dismiss());
  await page.getByRole("link", { name: "Back to the dashboard" }).click();
  await expect(page).toHaveURL(new RegExp(`/trips/${tripId}/preferences`));
  await expect(page.getByLabel("Notes for the planner")).toHaveValue("Changed my mind");

  // Another tab saves first; this tab's save is refused, and its answers come back after loading the latest.
  const other = await context.newPage();
  await other.goto(`/trips/${tripId}/preferences`);
  await other.getByLabel("Notes for the planner").fill("Saved from the other tab");
  await other.getByRole("button", { name: "Save preferences" }).click();
  await expect(other.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await page.getByRole("button", { name: "Save preferences" }).click();
  await page.getByRole("button", { name: "Load the latest version" }).click();
  await expect(page.getByLabel("Notes for the planner")).toHaveValue("Saved from the other tab");
  await page.getByRole("button", { name: "Use my answers instead" }).click();
  await expect(page.getByLabel("Notes for the planner")).toHaveValue("Changed my mind");
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await other.reload();
  await expect(other.getByLabel("Notes for the planner")).toHaveValue("Changed my mind");
  await expect(other.getByLabel("At most", { exact: true })).toHaveValue("1200");

  // "Jun 10–20, but flexible": dates with a few days either way, kept as said.
  await page.getByLabel(/I'm flexible — any dates/).uncheck();
  const option = page.getByRole("group", { name: "Dates option 1" });
  await option.getByLabel("From").fill("2027-06-10");
  await option.getByLabel("To").fill("2027-06-20");
  await page.getByLabel("How fixed are these dates?").selectOption({ label: "Flexible by ± 3 days" });
  await page.getByRole("button", { name: "Save preferences" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("How fixed are these dates?")).toHaveValue("3");
  await expect(page.getByRole("group", { name: "Dates option 1" }).getByLabel("From")).toHaveValue("2027-06-10");
});

/**
 * Known homes: "Travelling from" offers the gazetteer's homes as the member types, the
 * likeliest first, and a typed home is saved only once it is picked or left unknown on purpose.
 */
test("a home is saved only after it is confirmed or explicitly left unknown", async ({ page }) => {
  await new HomePage(page).createTrip("Homes trip", "Dan");
  const form = new PreferencesPage(page);
  await page.getByLabel(/I'm flexible — any dates/).check();

  // Barcelona: Spain's first. Saving before picking asks instead of guessing.
  const offered = await form.typeHome("Barcelona");
  expect(offered.slice(0, 2)).toEqual(["Barcelona, Catalonia, Spain", "Barcelona, Anzoátegui, Venezuela"]);
  await form.save();
  await form.expectHomeQuestion();
  await expect(page.getByRole("alert").filter({ hasText: "Confirm where" })).toContainText(
    "Travelling from: Pick your home from the suggestions, or choose “Leave my home unknown”",
  );

  // The keyboard picks the highlighted first suggestion.
  await form.home().focus();
  await expect(form.home()).toHaveAttribute("aria-expanded", "true");
  await form.home().press("Enter");
  await form.expectHomeConfirmed("Barcelona, Catalonia, Spain");
  await form.save();
  await form.expectSaved();
  await page.reload();
  await form.expectHomeConfirmed("Barcelona, Catalonia, Spain");

  // Provinces and local names.
  expect((await form.typeHome("Vancouver, BC"))[0]).toBe("Vancouver, British Columbia, Canada");
  await form.pickHome("Vancouver, British Columbia, Canada");
  expect((await form.typeHome("München"))[0]).toBe("Munich, Bavaria, Germany");
  await form.pickHome("Munich, Bavaria, Germany");
  await form.save();
  await form.expectSaved();

  // A place we don't know: said so, and saved only once the member leaves it unknown.
  await form.home().fill("Qwzxville");
  await expect(page.getByText("We couldn't find “Qwzxville”.", { exact: false })).toBeVisible();
  await form.save();
  await form.expectHomeQuestion();
  await form.leaveHomeUnknown();
  await form.save();
  await form.expectSaved();
  await page.reload();
  await expect(form.home()).toHaveValue("Qwzxville");
  await expect(page.getByText(/Your home is left unknown/)).toBeVisible();
});

test("home suggestions answer only the trip's members, a few at a time, and need something typed", async ({
  page,
  browser,
}) => {
  const tripId = await new HomePage(page).createTrip("Suggestions trip", "Dan");
  const asked = await page.request.get(`/api/trips/${tripId}/places?q=${encodeURIComponent("Vancouver, BC")}`);
  expect(asked.status()).toBe(200);
  const { places } = (await asked.json()) as { places: { label: string; countryCode: string }[] };
  expect(places[0]).toMatchObject({ label: "Vancouver, British Columbia, Canada", countryCode: "CA" });
  expect(places.length).toBeLessThanOrEqual(6);

  const empty = await page.request.get(`/api/trips/${tripId}/places?q=`);
  expect(empty.status()).toBe(400);

  const stranger = await browser.newContext();
  const refused = await stranger.request.get(`/api/trips/${tripId}/places?q=Barcelona`);
  expect(refused.status()).toBe(404);
  expect(await refused.text()).not.toContain("Barcelona");
  await stranger.close();
});

/**
 * What the planner takes from a member's own words is shown back to them as they type, and a
 * misreading can be set aside: the set-aside is saved with their answers.
 */
test("the member sees what the planner read from their words and sets a misreading aside", async ({ page }) => {
  await new HomePage(page).createTrip("Words trip", "Ben");
  const prefs = new PreferencesPage(page);
  await prefs.fill({ flexible: true, hardNos: ["nothing before 10am"], notes: "I hate museums. Back by 10pm." });
  const read = page.getByRole("region", { name: "What the planner reads from your words" });
  await expect(read).toContainText("We read: no activities before 10:00; back by 22:00; avoid museums & galleries.");

  await read.getByRole("button", { name: "Not what I meant: “avoid museums & galleries”" }).click();
  await expect(read).toContainText("We read: no activities before 10:00; back by 22:00.");
  await prefs.save();
  await prefs.expectSaved();

  await page.reload();
  const again = page.getByRole("region", { name: "What the planner reads from your words" });
  await expect(again).toContainText("We read: no activities before 10:00; back by 22:00.");
  await expect(again.getByRole("button", { name: "Use “avoid museums & galleries” again" })).toBeVisible();
});
