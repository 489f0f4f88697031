import type { Browser, BrowserContext, BrowserContextOptions, Page } from "@playwright/test";

/**
 * A new person opens the invite link in a browser of their own and joins; they are shown
 * their personal sign-in link once, then go on to their preferences form.
 */
export async function joinInNewBrowser(
  browser: Browser,
  inviteLink: string,
  name: string,
  options: BrowserContextOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(inviteLink);
  await page.getByLabel("Your name").fill(name);
  await page.getByRole("button", { name: "Join the trip" }).click();
  await page.getByRole("link", { name: "Continue to your preferences" }).click();
  await page.waitForURL(/\/preferences/);
  return { context, page };
}
