import { describe, expect, it } from "vitest";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { TEXT_MESSAGES, typedText } from "@/lib/schemas/text";
import { CreateTripInput, JoinTripInput } from "@/lib/schemas/trip";
import { answers } from "@/test/fixtures";

const line = typedText({ max: 40 });
const notes = typedText({ max: 1000, multiline: true });

describe("typed text", () => {
  it.each([
    ["a NUL byte", "Sam\u0000"],
    ["an escape character", "Sam\u001B[31m"],
    ["a DEL character", "Sam\u007F"],
    ["a line break in a one-line field", "Sam\nSmith"],
  ])("refuses %s with a field message", (_, text) => {
    const parsed = line.safeParse(text);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(TEXT_MESSAGES.control);
  });

  it("refuses a lone surrogate (a broken character)", () => {
    const parsed = line.safeParse("Sam\uD800");
    expect(parsed.error?.issues[0]?.message).toBe(TEXT_MESSAGES.broken);
  });

  it.each([
    ["a right-to-left override", "Sam\u202Egnp.exe", "Samgnp.exe"],
    ["zero-width spaces", "S\u200Ba\u200Bm", "Sam"],
    ["a byte order mark", "\uFEFFSam", "Sam"],
    ["bidi isolates and marks", "\u2067Sam\u2069\u200F", "Sam"],
    ["a zero-width joiner between Latin letters", "Sa\u200Dm", "Sam"],
  ])("strips %s", (_, text, expected) => {
    expect(line.parse(text)).toBe(expected);
  });

  it("keeps joiners that do a job: emoji sequences and Persian", () => {
    const family = "👩\u200D👩\u200D👧";
    expect(line.parse(`Team ${family}`)).toBe(`Team ${family}`);
    const persian = "می\u200Cخواهم";
    expect(line.parse(persian)).toBe(persian);
  });

  it("keeps line breaks and tabs in a multi-line field, and normalises to NFC", () => {
    expect(notes.parse("Beach\n\tand tacos")).toBe("Beach\n\tand tacos");
    expect(line.parse("Cafe\u0301")).toBe("Café");
  });

  it("counts length after cleaning", () => {
    expect(line.safeParse(`${"a".repeat(40)}\u200B\u200B`).success).toBe(true);
    expect(line.safeParse("a".repeat(41)).success).toBe(false);
  });
});

describe("every text field goes through it", () => {
  it("trip and member names", () => {
    expect(
      CreateTripInput.safeParse({ tripName: "Lisbon\u0000", organizerName: "Olga" }).error?.issues[0]?.path,
    ).toEqual(["tripName"]);
    expect(JoinTripInput.parse({ inviteToken: "x", name: "\u202EOlga" }).name).toBe("Olga");
    expect(JoinTripInput.safeParse({ inviteToken: "x", name: "\u200B\u200B" }).success).toBe(false);
  });

  it.each([
    ["notes", { notes: "tacos\u0000" }],
    ["hardNos.0", { hardNos: ["museums\uDC00"] }],
    ["mustHaves.0", { mustHaves: ["pool\u0007"] }],
    ["origin", { origin: "Lisbon\u0000" }],
    ["suggestedPlace", { suggestedPlace: "Lisbon\u0000" }],
  ])("preferences: %s", (path, override) => {
    const parsed = MemberPreferences.safeParse(answers(override));
    expect(parsed.error?.issues.map((i) => i.path.join("."))).toEqual([path]);
  });
});
