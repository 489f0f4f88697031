import { expect, type Page } from "@playwright/test";

/**
 * The first day's map on the page (plan or share page), once Leaflet has drawn it: the numbers
 * on its markers in drawing order, the stops its label names, and the list's entries by the
 * number they show ("Stop 3 : Jazz brunch").
 */
export async function firstDayMap(page: Page) {
  const figure = page.locator("figure[data-day-map]").first();
  const markers = figure.locator(".leaflet-marker-pane [data-stop]");
  await expect(markers.first()).toBeVisible();
  const label = (await figure.getByRole("img").getAttribute("aria-label")) ?? "";
  const named = [
    ...label
      .replace(/^Map of day \d+: /, "")
      .replace(/; stay area .*$/, "")
      .matchAll(/(\d+) ([^,]+)/g),
  ].map((m) => ({ n: Number(m[1]), name: (m[2] ?? "").trim() }));
  const list = await figure.evaluate((element) => {
    const entries = element.closest("li")?.querySelectorAll(":scope ol > li") ?? [];
    return [...entries].flatMap((entry) => {
      const n = /Stop (\d+)/.exec(entry.textContent ?? "")?.[1];
      return n ? [{ n: Number(n), text: entry.textContent ?? "" }] : [];
    });
  });
  return {
    markers: (await markers.allTextContents()).map(Number),
    named,
    list,
    // Images from a tile provider; the embedded grid draws its squares as plain elements.
    tiles: await figure.locator("img.leaflet-tile").count(),
  };
}

/** The map's markers carry the list's numbers, in the list's order, each on the stop the list gives that number. */
export async function expectMapFollowsList(page: Page) {
  const map = await firstDayMap(page);
  expect(map.markers.length).toBeGreaterThan(1);
  expect(map.markers).toEqual(map.named.map((s) => s.n));
  expect(map.markers).toEqual([...map.markers].sort((a, b) => a - b));
  expect(map.list.map((e) => e.n)).toEqual(expect.arrayContaining(map.markers));
  for (const stop of map.named) {
    expect(map.list.find((e) => e.n === stop.n)?.text).toContain(stop.name);
  }
  return map;
}
