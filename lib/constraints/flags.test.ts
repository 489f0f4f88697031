import { describe, expect, it } from "vitest";
import { flagKinds, isHardFlag, itemsUnderFlags } from "@/lib/constraints/flags";
import { namesPlace } from "@/lib/constraints/hard-nos";

/**
 * How a flag's words and a hard no naming a place are read (issue 24). Expected values are
 * written by hand from Barcelona's catalog titles and tags.
 */

const MACBA = { id: "macba", title: "MACBA contemporary art museum", keywords: ["museum", "art"] };
const PICASSO = { id: "picasso-museum", title: "Museu Picasso", keywords: ["museum", "art", "crowds"] };
const SAGRADA = {
  id: "sagrada-familia",
  title: "Sagrada Família basilica",
  keywords: ["religious site", "crowds", "architecture", "church", "queue"],
};
const LICEU = {
  id: "liceu-opera",
  title: "Opera or ballet at the Gran Teatre del Liceu",
  keywords: ["theatre", "show", "live music"],
};
const CONCERT = {
  id: "palau-musica-concert",
  title: "Concert at Palau de la Música Catalana",
  keywords: ["live music"],
};
const facts = { activities: [MACBA, PICASSO, SAGRADA, LICEU, CONCERT] };
const plan = (...ids: string[]) => ({
  days: [
    {
      items: ids.map((id) => ({
        key: `a:${id}`,
        activityId: id,
        title: facts.activities.find((a) => a.id === id)?.title ?? id,
      })),
    },
  ],
});

describe("a flag in force", () => {
  it("Ben's 'not my thing — I said no museums please' on MACBA keeps out Museu Picasso too, but not Sagrada Família or the opera", () => {
    const ben = { id: "f-ben", itemKey: "a:macba", reason: "not-my-thing" as const, text: "I said no museums please" };
    expect(flagKinds(ben).map((k) => k.term)).toEqual(["museums"]);
    expect(
      itemsUnderFlags(plan("macba", "picasso-museum", "sagrada-familia", "liceu-opera"), [ben], facts).map(
        (u) => u.itemKey,
      ),
    ).toEqual(["a:macba", "a:picasso-museum"]);
  });

  it("Cara's 'not accessible' flag on the concert is hard and keeps out that concert only", () => {
    const cara = { id: "f-cara", itemKey: "a:palau-musica-concert", reason: "not-accessible" as const, text: "" };
    expect(isHardFlag(cara)).toBe(true);
    expect(isHardFlag({ reason: "not-my-thing" })).toBe(false);
    expect(
      itemsUnderFlags(plan("palau-musica-concert", "liceu-opera", "macba"), [cara], facts).map((u) => u.title),
    ).toEqual(["Concert at Palau de la Música Catalana"]);
  });

  it("a 'too expensive' flag's words name no kind ('cheaper museums please' is not 'no museums')", () => {
    expect(flagKinds({ reason: "too-expensive", text: "cheaper museums please" }).map((k) => k.term)).toEqual([]);
  });
});

describe("a hard no that names a place", () => {
  const cases: [hardNo: string, title: string, names: boolean][] = [
    ["no Casa Milà (La Pedrera)", "Casa Milà (La Pedrera)", true],
    ["not La Pedrera", "Casa Milà (La Pedrera)", true],
    ["no casa mila", "Casa Milà (La Pedrera)", true],
    ["not MACBA", "MACBA contemporary art museum", true],
    ["skip the Sagrada Familia", "Sagrada Família basilica", true],
    ["no Concert at Palau de la Música Catalana", "Concert at Palau de la Música Catalana", true],
    ["no Casa Milà (La Pedrera)", "Casa Batlló", false],
    ["no museums", "Museu Picasso", false],
    ["red-eye flights", "Sagrada Família basilica", false],
    ["heights, no boats", "Las Golondrinas harbour boats", false],
  ];
  it.each(cases)("%s → %s: %s", (hardNo, title, names) => {
    expect(namesPlace(hardNo, title)).toBe(names);
  });
});
