import { describe, expect, it } from "vitest";
import { seenAgo } from "@/lib/views/devices";
import { deviceLabel } from "./device-label";

describe("device labels people recognise", () => {
  it.each([
    [
      "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
      "Safari on iPhone",
    ],
    [
      "Mozilla/5.0 (Linux; Android 15; Pixel 9) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36",
      "Chrome on Android",
    ],
    [
      "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36 Edg/140.0.0.0",
      "Edge on Windows",
    ],
    ["Mozilla/5.0 (Macintosh; Intel Mac OS X 15.0; rv:140.0) Gecko/20100101 Firefox/140.0", "Firefox on Mac"],
    ["curl/8.5.0", "A browser"],
    [undefined, "A browser"],
  ])("%s → %s", (ua, label) => {
    expect(deviceLabel(ua)).toBe(label);
  });
});

describe("when a device was last seen", () => {
  const now = new Date("2026-11-23T12:00:00Z");
  const ago = (ms: number) => seenAgo(new Date(now.getTime() - ms), now);
  it("speaks in hours, then days", () => {
    expect(ago(10 * 60_000)).toBe("active in the last hour");
    expect(ago(60 * 60_000)).toBe("last seen 1 hour ago");
    expect(ago(5 * 3_600_000)).toBe("last seen 5 hours ago");
    expect(ago(30 * 3_600_000)).toBe("last seen yesterday");
    expect(ago(12 * 86_400_000)).toBe("last seen 12 days ago");
  });
});
