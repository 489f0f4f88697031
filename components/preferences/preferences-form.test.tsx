import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { answers } from "@/test/fixtures";
import { PreferencesForm } from "./preferences-form";

describe("the preferences form", () => {
  it("has a labelled, described field for a place you'd love to go, filled with the saved answer", () => {
    const html = renderToStaticMarkup(
      <PreferencesForm
        tripId="t1"
        initial={MemberPreferences.parse(answers({ suggestedPlace: "Lisboa" }))}
        initialVersion={1}
      />,
    );
    expect(html).toMatch(/<label for="pref-suggestedPlace"[^>]*>A place you&#x27;d love to go<\/label>/);
    const input = html.match(/<input[^>]*id="pref-suggestedPlace"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('value="Lisboa"');
    expect(input).toContain('aria-describedby="pref-suggestedPlace-hint"');
    expect(html).toContain('id="pref-suggestedPlace-hint"');
  });
});
