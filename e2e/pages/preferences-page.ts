import { expect, type Page } from "@playwright/test";

export interface PreferencesAnswers {
  windows?: { start: string; end: string }[];
  flexible?: boolean;
  tripLength?: { min: number; max: number };
  /** Amounts as typed ("€2000" or 2000); `currency` is picked for bare numbers (default US dollars). */
  budget?: { min: number | string; max: number | string; currency?: string; hardLimit?: boolean };
  vibes?: string[];
  dietary?: string[];
  accessibility?: string[];
  hardNos?: string[];
  mustHaves?: string[];
  notes?: string;
}

/** The member's preference form, driven through labels like a person would. */
export class PreferencesPage {
  constructor(private readonly page: Page) {}

  async goto(tripId: string) {
    await this.page.goto(`/trips/${tripId}/preferences`);
  }

  async fill(answers: PreferencesAnswers) {
    const { page } = this;
    if (answers.flexible) await page.getByLabel(/I'm flexible — any dates/).check();
    for (const [i, w] of (answers.windows ?? []).entries()) {
      if (i > 0) await page.getByRole("button", { name: "Add another date option" }).click();
      const option = page.getByRole("group", { name: `Dates option ${i + 1}` });
      await option.getByLabel("From").fill(w.start);
      await option.getByLabel("To").fill(w.end);
    }
    if (answers.tripLength) {
      await page.getByLabel("Shortest trip (days)").fill(String(answers.tripLength.min));
      await page.getByLabel("Longest trip (days)").fill(String(answers.tripLength.max));
    }
    if (answers.budget) {
      await page.getByRole("radio", { name: "I have a budget" }).check();
      await page.getByLabel("Currency", { exact: true }).selectOption(answers.budget.currency ?? "USD");
      await page.getByLabel(/^At least/).fill(String(answers.budget.min));
      await page.getByLabel("At most", { exact: true }).fill(String(answers.budget.max));
      if (answers.budget.hardLimit) await page.getByRole("switch", { name: "My maximum is a hard limit" }).check();
    }
    for (const vibe of answers.vibes ?? []) await page.getByRole("checkbox", { name: vibe, exact: true }).check();
    for (const diet of answers.dietary ?? []) await page.getByRole("checkbox", { name: diet, exact: true }).check();
    for (const need of answers.accessibility ?? [])
      await page.getByRole("checkbox", { name: need, exact: true }).check();
    for (const no of answers.hardNos ?? []) {
      // Once one is added, the list of them shares the label: the text box is the one to type in.
      const box = page.getByRole("textbox", { name: "Hard no's" });
      await box.fill(no);
      await box.press("Enter");
    }
    for (const want of answers.mustHaves ?? []) {
      const box = page.getByRole("textbox", { name: "Must-haves" });
      await box.fill(want);
      await box.press("Enter");
    }
    if (answers.notes !== undefined) await page.getByLabel("Notes for the planner").fill(answers.notes);
  }

  /** "Travelling from": the combobox of home suggestions. */
  home() {
    return this.page.getByRole("combobox", { name: "Travelling from" });
  }

  /** Types a home and waits for the suggestions; returns them in the order shown. */
  async typeHome(text: string): Promise<string[]> {
    await this.home().fill(text);
    const options = this.page.getByRole("listbox", { name: "Homes matching what you typed" }).getByRole("option");
    await expect(options.first()).toBeVisible();
    return options.allInnerTexts();
  }

  async pickHome(label: string) {
    await this.page.getByRole("option", { name: label, exact: true }).click();
    await this.expectHomeConfirmed(label);
  }

  async expectHomeConfirmed(label: string) {
    await expect(this.page.getByText(`Confirmed: ${label}.`)).toBeVisible();
    await expect(this.home()).toHaveValue(label);
  }

  async leaveHomeUnknown() {
    await this.page.getByRole("button", { name: "Leave my home unknown" }).click();
    await expect(this.page.getByText(/Your home is left unknown/)).toBeVisible();
  }

  /** A save refused because the typed home is neither picked nor left unknown. */
  async expectHomeQuestion() {
    await expect(
      this.page.getByRole("alert").filter({ hasText: "Confirm where you're travelling from." }),
    ).toBeVisible();
    await expect(this.page.getByRole("status").filter({ hasText: "Saved." })).toBeHidden();
  }

  async save() {
    await this.page.getByRole("button", { name: "Save preferences" }).click();
  }

  async expectSaved() {
    await expect(this.page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(this.page.getByText("Unsaved changes")).toBeHidden();
  }

  async fillAndSave(answers: PreferencesAnswers) {
    await this.fill(answers);
    await this.save();
    await this.expectSaved();
  }
}
