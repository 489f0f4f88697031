import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DownloadMyData, LeaveTrip } from "./danger-zone";

const TRIP = "6f1c1d2e-8a4b-4c3d-9e2f-0a1b2c3d4e5f";

describe("a member's own data controls, as the page first renders them", () => {
  it("Download my data is a plain link to the export route that downloads", () => {
    const html = renderToStaticMarkup(<DownloadMyData tripId={TRIP} />);
    expect(html).toMatch(new RegExp(`<a href="/trips/${TRIP}/me/export" download=""`));
    expect(html).toContain("Download my data");
  });

  it("a member gets a Leave this trip button (the confirmation comes after it); the organizer is told to delete instead", () => {
    const member = renderToStaticMarkup(<LeaveTrip tripId={TRIP} isOrganizer={false} />);
    expect(member).toMatch(/<button type="button"[^>]*>.*Leave this trip<\/button>/);
    expect(member).not.toContain("Yes, leave the trip");
    const organizer = renderToStaticMarkup(<LeaveTrip tripId={TRIP} isOrganizer={true} />);
    expect(organizer).not.toContain("<button");
    expect(organizer).toMatch(/can&#x27;t leave the trip.*delete it/);
  });
});
