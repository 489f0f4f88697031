import { containerBootstrap } from "@nlpjs/core";
import { LangEn } from "@nlpjs/lang-en-min";
import { NluManager, NluNeural } from "@nlpjs/nlu";

/**
 * The offline assistant's understanding: an intent classifier (nlp.js, trained in-process at
 * first use, no downloads) over what the tool registry says each tool is for. Each action's
 * `examples` are one intent (its name); each reading need of a reading tool (`needs`) is one
 * intent (`readTrip.members`). The registry hands its definitions over when it loads
 * (`learnFrom`), so the offline model learns from the same definitions Gemini is sent; the
 * turn's own intents (hello, what can you do, what the product can't do) are below.
 *
 * Every language's examples go to one classifier: the same tokenizer and stemmer read the
 * examples and the message, so words of any of the six languages are features alike.
 */

export type Intent = { intent: string; score: number };

type Definition = {
  name: string;
  description: string;
  examples: readonly string[];
  needs?: Readonly<Record<string, readonly string[]>>;
};

/** The turn's own intents: not a tool of the registry, but things people say to the assistant. */
const TURN_INTENTS: Record<string, readonly string[]> = {
  hello: ["hi", "hello there", "hey", "hi, what can you do?", "hola", "bonjour", "hallo", "ciao", "olá"],
  help: [
    "what can you do",
    "help",
    "how can you help me",
    "what can i ask you",
    "qué puedes hacer",
    "que peux-tu faire",
  ],
  thanks: ["thanks", "thank you so much", "great, thanks", "gracias", "merci", "danke", "grazie", "obrigado"],
  "unmet.booking": [
    "book us a hotel",
    "reserve a table for dinner",
    "get me train tickets to sintra",
    "buy the museum tickets",
    "book the flights",
    "reserva un hotel",
    "réserve un restaurant",
    "buch uns ein Hotel",
  ],
  "unmet.outside-data": [
    "will it rain in lisbon tomorrow",
    "what's the live forecast",
    "what's the exchange rate",
    "check flight prices",
    "va a llover mañana",
    "quel temps fait-il demain à lisbonne",
    "wie ist die Wettervorhersage für morgen",
  ],
  "unmet.payments": ["pay sam back", "split the bill", "venmo ana 50 dollars", "send money to mia", "paga a sam"],
  "unmet.messaging": ["email everyone the plan", "text sam the address", "message the group", "send mia a reminder"],
};

let taught: readonly Definition[] = [];
let trained: Promise<NluManager> | undefined;

/** The registry's definitions: what the classifier learns (again, at its next use). */
export function learnFrom(definitions: readonly Definition[]): void {
  taught = definitions;
  trained = undefined;
  grams = undefined;
}

/** Every intent and its examples: the registry's tools and reading needs, then the turn's own. */
export function corpus(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const d of taught) {
    if (d.examples.length) out.set(d.name, [...d.examples]);
    for (const [need, examples] of Object.entries(d.needs ?? {})) out.set(`${d.name}.${need}`, [...examples]);
  }
  for (const [intent, examples] of Object.entries(TURN_INTENTS)) out.set(intent, [...examples]);
  return out;
}

async function train(): Promise<NluManager> {
  const container = await containerBootstrap();
  container.use(LangEn);
  container.use(NluNeural);
  const manager = new NluManager({
    container,
    locales: ["en"],
    trainByDomain: false,
    nluByDomain: { default: { className: "NeuralNlu", settings: { log: false } } },
    spellCheck: true,
  });
  for (const [intent, examples] of corpus()) for (const e of examples) manager.add("en", e, intent);
  await manager.train({ log: false });
  return manager;
}

/** Trains once per process (about a tenth of a second), then answers from memory. */
export function ready(): Promise<NluManager> {
  trained ??= train();
  return trained;
}

/** The best intents for the words, most likely first (none: nothing it knows). */
export async function classify(text: string): Promise<Intent[]> {
  const manager = await ready();
  const result = await manager.process("en", normalized(text), undefined, { spellCheck: true });
  const found = (result.classifications ?? []).filter((c) => c.intent !== "None" && c.score > 0);
  // Words the tokenizer doesn't keep (Cyrillic, Chinese) or typos past its spell check: the
  // example nearest by letters, when it is near enough.
  return found.length ? found : nearest(text);
}

let grams: { intent: string; grams: Set<string> }[] | undefined;

function trigrams(text: string): Set<string> {
  const t = ` ${normalized(text)
    .toLowerCase()
    .replace(/[^\p{L}\p{N} ]/gu, "")} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

/** The intent of the example most like the words by their letters (Dice over trigrams), at 0.5 or more. */
export function nearest(text: string): Intent[] {
  grams ??= [...corpus()].flatMap(([intent, examples]) => examples.map((e) => ({ intent, grams: trigrams(e) })));
  const mine = trigrams(text);
  let best: Intent | null = null;
  for (const e of grams) {
    let shared = 0;
    for (const g of mine) if (e.grams.has(g)) shared++;
    const score = (2 * shared) / (mine.size + e.grams.size || 1);
    if (!best || score > best.score) best = { intent: e.intent, score };
  }
  return best && best.score >= 0.5 ? [{ ...best, score: Math.min(1, best.score + 0.2) }] : [];
}

/** Apostrophes and dashes as typed on phones, digits glued to words ("day2") apart. */
export function normalized(text: string): string {
  return text
    .replace(/[’‘`]/g, "'")
    .replace(/([a-z])(\d)/gi, "$1 $2")
    .replace(/\s+/g, " ")
    .trim();
}
