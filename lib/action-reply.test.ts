import { describe, expect, it } from "vitest";
import { checkFormReply, checkTextReply } from "@/lib/action-reply";

/** What React's encodeReply writes for our actions (form actions via useActionState, plain arguments as JSON). */
const form = (entries: [string, string | null][]) => checkFormReply(new Map(entries));

describe("server action replies our pages send are accepted", () => {
  it("a form: [previous state, $K1] with its fields as 1_<name> parts", () => {
    expect(
      form([
        ["1_tripName", "Lisbon"],
        ["1_organizerName", "Olga"],
        ["0", '[null,"$K1"]'],
      ]),
    ).toEqual({ ok: true });
    // The previous state is the action's last answer, with a string that starts with "$" escaped as "$$".
    expect(
      form([["0", '[{"ok":false,"message":"$$5 is too little","at":"$D2026-11-27T18:00:00.000Z"},"$K1"]']]),
    ).toEqual({ ok: true });
  });

  it("plain arguments, with undefined, -0, dates and objects React wrote once and referred to by path", () => {
    expect(checkTextReply('[{"tripId":"t","expectedVersion":0,"note":"$undefined","n":"$-0"}]')).toEqual({ ok: true });
    expect(
      form([
        ["1", '{"a":{"b":1}}'],
        ["0", '["$1","$1:a","$1:a:b"]'],
      ]),
    ).toEqual({ ok: true });
    // One array used for two fields: React writes the second as a path into the root (part 0).
    expect(checkTextReply('[{"hardNos":[],"mustHaves":"$0:0:hardNos"}]')).toEqual({ ok: true });
    expect(form([["0", '[{"a":[],"b":"$0:0:a"},"$K1"]']])).toEqual({ ok: true });
  });
});

describe("anything else is malformed (the proxy answers 400 instead of React's 500)", () => {
  it.each([
    ["not JSON", "{{"],
    ["not a list of arguments", '"x"'],
    ["null", "null"],
    ["a BigInt that isn't one", '["$nfoo"]'],
    ["a Map", '["$Q1"]'],
    ["a server reference", '["$F1"]'],
    ["a Blob", '["$B1"]'],
    ["a promise", '["$@1"]'],
    ["a stream", '["$R1"]'],
    ["a reference to a part that isn't there", '["$1"]'],
    ["a tag hidden deep in an object", '[{"a":[{"b":"$S-symbol"}]}]'],
  ])("text: %s", (_label, body) => {
    expect(checkTextReply(body).ok).toBe(false);
  });

  it("forms: no root, a root that isn't JSON or a list, a part that isn't JSON or is a file", () => {
    expect(form([["1_tripName", "x"]]).ok).toBe(false);
    expect(form([["0", "{{"]]).ok).toBe(false);
    expect(form([["0", "5"]]).ok).toBe(false);
    expect(
      form([
        ["0", '[null,"$1"]'],
        ["1", "{x"],
      ]).ok,
    ).toBe(false);
    expect(
      form([
        ["0", '[null,"$1"]'],
        ["1", null],
      ]).ok,
    ).toBe(false);
    expect(
      form([
        ["0", '[null,"$h1"]'],
        ["1", "{}"],
      ]).ok,
    ).toBe(false);
  });
});
