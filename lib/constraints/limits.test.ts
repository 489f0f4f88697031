import { describe, expect, it } from "vitest";
import { interpretHardNo } from "@/lib/constraints/hard-nos";
import { readLimits, strictest } from "@/lib/constraints/limits";
import { readDislikes, readMember } from "@/lib/constraints/reading";

/** What a member writes → the limits on their days, by hand: minutes past midnight (10:00 = 600, 22:00 = 1320). */
const LIMITS: [typed: string, ids: string[]][] = [
  ["nothing before 10am", ["earliest:600"]],
  ["Nothing before 10:30", ["earliest:630"]],
  ["no early starts", ["earliest:600"]],
  ["not a morning person", ["earliest:600"]],
  ["back by 10pm", ["latest:1320"]],
  ["back before 11", ["latest:1380"]],
  ["home by midnight", ["latest:1440"]],
  ["nothing after 9pm", ["latest:1260"]],
  ["no late nights", ["latest:1320"]],
  ["start after 9:30", ["earliest:570"]],
  ["nothing before 10am, back by 10pm", ["earliest:600", "latest:1320"]],
  ["nothing more than 30 minutes away", ["max-travel:30"]],
  ["max 20 min between stops", ["max-travel:20"]],
  ["no more than half an hour away", ["max-travel:30"]],
  ["slow pace please", ["pace:2"]],
  ["we like to take it easy", ["pace:2"]],
  // Spanish, French, German, Italian, Portuguese
  ["nada antes de las 10", ["earliest:600"]],
  ["no madrugar", ["earliest:600"]],
  ["volver antes de las 22", ["latest:1320"]],
  ["rien avant 10h", ["earliest:600"]],
  ["rien après 21h", ["latest:1260"]],
  ["nichts vor 10 Uhr", ["earliest:600"]],
  ["nichts nach 21 Uhr", ["latest:1260"]],
  ["niente prima delle 10", ["earliest:600"]],
  ["niente dopo le 21", ["latest:1260"]],
  ["nada antes das 10", ["earliest:600"]],
  ["nada depois das 21", ["latest:1260"]],
  ["con calma", ["pace:2"]],
  ["no long walks", ["max-walk:15"]],
  ["pas de longues marches", ["max-walk:15"]],
  ["We love long walks and good food.", []],
  // nothing to read
  ["no museums", []],
  ["no flights over 6 hours", []],
];

describe("time, distance and pace limits read from a member's words", () => {
  for (const [typed, ids] of LIMITS) {
    it(`"${typed}" → ${ids.join(", ") || "no limit"}`, () => {
      expect(readLimits(typed).map((r) => r.id)).toEqual(ids);
    });
  }

  it("a time-of-day hard no is understood: nothing is left for the member to rephrase", () => {
    expect(interpretHardNo("nothing before 10am").unparsed).toEqual([]);
    expect(interpretHardNo("back by 10pm").unparsed).toEqual([]);
    // A hard no is against what it names: "long walks" alone is a limit there (and the walking-tour kind).
    expect(readMember({ hardNos: ["long walks"], notes: "" }).limits.map((r) => r.id)).toEqual(["max-walk:15"]);
  });

  it("the strictest of several members' limits binds the group's day", () => {
    const rules = [...readLimits("nothing before 9:30"), ...readLimits("nothing before 10am, back by 11pm")];
    rules.push(...readLimits("back by 10pm"), ...readLimits("40 minutes away at most"), ...readLimits("slow pace"));
    expect(strictest(rules)).toEqual({ earliest: 600, latest: 1320, maxTravel: 40, maxActivities: 2, maxWalk: null });
  });
});

const DISLIKES: [notes: string, terms: string[]][] = [
  ["I hate museums", ["museums"]],
  ["not into shopping", ["shopping"]],
  ["can't stand crowds", ["crowds"]],
  ["no nightlife for me", ["nightlife"]],
  ["Odio los museos", ["museums"]],
  ["Je déteste les musées", ["museums"]],
  ["Ich hasse Museen", ["museums"]],
  ["I love museums but hate crowds", ["crowds"]],
  ["Love food tours and markets.", []],
];

describe("dislikes in notes, at the level the member meant", () => {
  for (const [notes, terms] of DISLIKES) {
    it(`"${notes}" → ${terms.join(", ") || "nothing against"}`, () => {
      expect(readDislikes(notes).map((d) => d.rule.term)).toEqual(terms);
    });
  }

  it('"I hate museums" reads back as museums & galleries, never as all culture', () => {
    const [museums] = readDislikes("I hate museums");
    expect(museums?.label).toBe("avoid museums & galleries");
    expect(museums?.rule.keywords).toEqual(["museum", "gallery"]);
  });

  it("a reading the member dismissed is shown as dismissed and applied nowhere", () => {
    const p = { hardNos: ["nothing before 10am"], notes: "I hate museums", dismissedReadings: ["dislike:museums"] };
    const reading = readMember(p);
    expect(reading.all.map((r) => [r.id, r.dismissed])).toEqual([
      ["earliest:600", false],
      ["dislike:museums", true],
    ]);
    expect(reading.dislikes).toEqual([]);
    expect(reading.limits.map((r) => r.id)).toEqual(["earliest:600"]);
  });
});
