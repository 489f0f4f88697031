import { countries } from "countries-list";
import { CLIMATE_WORDS, FILLER, FOREIGN_FILLER, FOREIGN_PHRASES, TERMS } from "@/lib/constraints/lexicon";
import { readLimits } from "@/lib/constraints/limits";
import { containsPhrase, foldText, phraseKey, singular, wordsOf } from "@/lib/constraints/text";
import type { Vibe } from "@/lib/schemas/preferences";

/**
 * A member's hard no, understood: free text ("no hiking or climbing", "heights, no boats",
 * "not the USA", "no flights over 6 hours", "nothing cold", "keine Strände") becomes
 * rules a planner can apply and a validator can check. Lists are split into items,
 * plurals and inflections don't matter, a few other languages are read through a small
 * lexicon, and whatever can't be turned into a rule is returned as `unparsed` so the
 * member can be asked to rephrase — never silently ignored.
 *
 * The rules carry their own definitions (which keywords, which temperatures), so whoever
 * applies them — the planner and, separately, the compliance validator — applies the
 * same meaning.
 */

export type ClimateCondition = keyof typeof CLIMATE_WORDS;

export type HardNoRule =
  | {
      kind: "term";
      label: string;
      term: string;
      /** Normalised catalog keywords that carry it. */
      keywords: string[];
      /** Normalised phrases that, in an activity's or meal's name, carry it. */
      phrases: string[];
      /** A destination of one of these vibes breaks it as a whole. */
      vibes: Vibe[];
      /** The destination's own keywords count too. */
      wholePlace: boolean;
    }
  | { kind: "climate"; label: string; condition: ClimateCondition; test: ClimateTest }
  /** maxHours 0: no flying at all. Judged from the member's own home city. */
  | { kind: "flight"; label: string; maxHours: number }
  /** Not in these countries (ISO 3166 alpha-2). */
  | { kind: "place"; label: string; countries: string[] }
  /** Not these destinations, by name. */
  | { kind: "destination"; label: string; names: string[] }
  /** Stay in the member's own country. */
  | { kind: "abroad"; label: string }
  /** Leave the member's own country. */
  | { kind: "home-country"; label: string };

/** A month breaks the rule when every bound it sets is met. */
export type ClimateTest = {
  highBelowC?: number;
  highAboveC?: number;
  humidityAtLeast?: number;
  rainyDaysAtLeast?: number;
};

export type HardNoReading = {
  text: string;
  rules: HardNoRule[];
  /** Parts we could not turn into a rule (shown back to the member). */
  unparsed: string[];
};

/** What the weather words mean, in the travel month's long-term averages. */
export const CLIMATE_TESTS: Record<ClimateCondition, { test: ClimateTest; label: string }> = {
  cold: { test: { highBelowC: 12 }, label: "nothing cold (days under 12 °C in the travel month)" },
  hot: { test: { highAboveC: 30 }, label: "nothing hot (days over 30 °C in the travel month)" },
  humid: {
    test: { humidityAtLeast: 70, highAboveC: 24 },
    label: "nothing humid (muggy: 70%+ humidity and over 24 °C in the travel month)",
  },
  rainy: { test: { rainyDaysAtLeast: 15 }, label: "nothing rainy (15+ rainy days in the travel month)" },
  snowy: { test: { highBelowC: 3 }, label: "no snow (days under 3 °C in the travel month)" },
};

/** "Long flights" when the member gives no number. */
export const LONG_FLIGHT_HOURS = 6;

const CONTINENTS: Record<string, string> = {
  europe: "EU",
  european: "EU",
  asia: "AS",
  asian: "AS",
  africa: "AF",
  african: "AF",
  "north america": "NA",
  "south america": "SA",
  oceania: "OC",
  australasia: "OC",
  antarctica: "AN",
};

const REGIONS: Record<string, { label: string; countries: string[] }> = {
  "latin america": {
    label: "Latin America",
    countries: [
      ...Object.entries(countries)
        .filter(([, c]) => c.continent === "SA")
        .map(([code]) => code),
      ...["MX", "GT", "BZ", "SV", "HN", "NI", "CR", "PA", "CU", "DO", "PR", "HT"],
    ],
  },
  "central america": { label: "Central America", countries: ["MX", "GT", "BZ", "SV", "HN", "NI", "CR", "PA"] },
  caribbean: {
    label: "the Caribbean",
    countries: [
      "CU",
      "DO",
      "PR",
      "HT",
      "JM",
      "BS",
      "BB",
      "TT",
      "AG",
      "DM",
      "GD",
      "KN",
      "LC",
      "VC",
      "AW",
      "CW",
      "KY",
      "VG",
      "VI",
      "TC",
      "BQ",
      "SX",
      "MF",
      "BL",
      "GP",
      "MQ",
      "AI",
      "MS",
    ],
  },
  "middle east": {
    label: "the Middle East",
    countries: ["AE", "SA", "QA", "KW", "BH", "OM", "YE", "IL", "PS", "JO", "LB", "SY", "IQ", "IR", "TR", "EG"],
  },
  "southeast asia": {
    label: "Southeast Asia",
    countries: ["TH", "VN", "KH", "LA", "MM", "MY", "SG", "ID", "PH", "BN", "TL"],
  },
  scandinavia: { label: "Scandinavia", countries: ["NO", "SE", "DK", "FI", "IS"] },
};

const ABROAD = [
  "abroad",
  "overseas",
  "international",
  "foreign",
  "outside the country",
  "outside my country",
  "leaving the country",
  "passport",
];
const HOME = ["domestic", "home country", "my own country", "in the country", "in my country", "local"];
const FLIGHT_WORDS = ["flight", "flying", "fly", "plane", "airplane", "aeroplane", "long haul", "airport"];

/** Punctuation between items of one entry. */
const PUNCTUATION = /[,;/&+|()\n]+/;
/**
 * Words between items: "and", "or", "nor", a new "no" ("heights no boats"), and their
 * counterparts in the other languages we read.
 */
const WORD_SEPARATORS =
  /\s+(?:and|or|nor|neither|no|not|nothing|never|without|y|o|ni|sin|et|ou|ni|sans|und|oder|kein|keine|keinen|ohne|e|niente|senza|nem|sem)\s+/;

const phrasesOf = (list: string[]) => list.map(phraseKey);
const TERM_PHRASES = TERMS.map((t) => ({ term: t, phrases: phrasesOf(t.phrases) }));
const CLIMATE_PHRASES = (Object.keys(CLIMATE_WORDS) as ClimateCondition[]).map((c) => ({
  condition: c,
  phrases: phrasesOf(CLIMATE_WORDS[c]),
}));
const FOREIGN = Object.entries(FOREIGN_PHRASES).sort((a, b) => b[0].length - a[0].length);

const readings = new Map<string, HardNoReading>();

/** Pure and asked for the same texts over and over (every step that reads members): kept, up to a bound. */
export function interpretHardNo(text: string, destinationNames: string[] = []): HardNoReading {
  const key = `${text}\u0000${destinationNames.join("|")}`;
  const known = readings.get(key);
  if (known) return known;
  const reading = interpret(text, destinationNames);
  if (readings.size > 5000) readings.clear();
  readings.set(key, reading);
  return reading;
}

function interpret(text: string, destinationNames: string[]): HardNoReading {
  const original = text.trim();
  const items = original
    .split(PUNCTUATION)
    .flatMap((piece) => ` ${translate(foldText(piece))} `.split(WORD_SEPARATORS))
    .map((item) => item.trim())
    .filter(Boolean);
  const rules: HardNoRule[] = [];
  const unparsed: string[] = [];
  for (const item of items) {
    const meaningful = item.split(" ").filter((w) => !FILLER.has(w) && !FOREIGN_FILLER.has(w));
    // Places first: "the US" is all filler words, yet a place.
    const places = readPlaces(item, original);
    if (meaningful.length === 0 && places.length === 0) continue;
    const found = [...places, ...readItem(meaningful, destinationNames, places)];
    if (found.length) rules.push(...found);
    // A time of day, a distance or a pace ("nothing before 10am") is read as a limit (lib/constraints/limits.ts).
    else if (readLimits(item, { hardNo: true }).length === 0) unparsed.push(meaningful.join(" "));
  }
  if (rules.length === 0 && unparsed.length === 0 && original && readLimits(original, { hardNo: true }).length === 0)
    unparsed.push(original);
  return { text: original, rules: dedupe(rules), unparsed };
}

function translate(folded: string): string {
  let out = ` ${folded} `;
  for (const [foreign, english] of FOREIGN) {
    out = out.replaceAll(` ${foreign} `, ` ${english} `);
  }
  return out.trim();
}

function readItem(meaningful: string[], destinationNames: string[], places: HardNoRule[]): HardNoRule[] {
  const words = meaningful.map(singular);
  const flight = readFlight(meaningful.join(" "), words);
  if (flight) return [flight];
  const rules: HardNoRule[] = [...places];
  for (const name of destinationNames) {
    if (containsPhrase(words, phraseKey(name))) {
      rules.push({ kind: "destination", label: `not ${name}`, names: [phraseKey(name)] });
    }
  }
  for (const { condition, phrases } of CLIMATE_PHRASES) {
    if (phrases.some((p) => containsPhrase(words, p))) {
      const { test, label } = CLIMATE_TESTS[condition];
      rules.push({ kind: "climate", label, condition, test });
    }
  }
  rules.push(...readTerms(words, rules));
  return rules.slice(places.length);
}

const FLYING_ONLY = new Set([
  "flight",
  "flying",
  "fly",
  "plane",
  "airplane",
  "aeroplane",
  "air",
  "travel",
  "airport",
  "at",
]);

function readFlight(item: string, words: string[]): HardNoRule | null {
  if (!FLIGHT_WORDS.some((w) => containsPhrase(words, phraseKey(w)))) return null;
  const hours = item.match(/(\d+(?:[.,]\d+)?)\s*(?:h|hr|hrs|hour|hours|heure|heures|hora|horas|stunde|stunden|ore)\b/);
  if (hours?.[1]) {
    const maxHours = Number(hours[1].replace(",", "."));
    return { kind: "flight", label: `no flights over ${maxHours} hours from home`, maxHours };
  }
  if (words.includes("long") || containsPhrase(words, "long haul")) {
    return {
      kind: "flight",
      label: `no long flights (over ${LONG_FLIGHT_HOURS} hours from home)`,
      maxHours: LONG_FLIGHT_HOURS,
    };
  }
  // Only "no flights" / "no flying" itself means no flying: "red-eye flights" is something else we can't read.
  if (words.every((w) => FLYING_ONLY.has(w))) {
    return { kind: "flight", label: "no flying (only places within reach by road or rail)", maxHours: 0 };
  }
  return null;
}

function readPlaces(item: string, original: string): HardNoRule[] {
  let padded = ` ${item} `;
  const has = (phrase: string) => padded.includes(` ${phrase} `);
  const rules: HardNoRule[] = [];
  if (ABROAD.some(has)) rules.push({ kind: "abroad", label: "nothing outside your own country" });
  if (HOME.some(has)) rules.push({ kind: "home-country", label: "nothing in your own country" });
  for (const [name, code] of Object.entries(CONTINENTS)) {
    if (has(name)) {
      const codes = Object.entries(countries)
        .filter(([, c]) => c.continent === code)
        .map(([cc]) => cc);
      rules.push({ kind: "place", label: `not in ${titleCase(name.replace(/an$/, "a"))}`, countries: codes });
    }
  }
  for (const [name, region] of Object.entries(REGIONS)) {
    if (has(name)) rules.push({ kind: "place", label: `not in ${region.label}`, countries: region.countries });
  }
  // "Latin America" and "South America" are not also "America" (the US).
  for (const name of [...Object.keys(REGIONS), ...Object.keys(CONTINENTS)])
    padded = padded.replaceAll(` ${name} `, " ");
  for (const { code, name, aliases } of COUNTRY_NAMES) {
    // "US" is also a pronoun: count it only written in capitals or as "the US".
    const isUs = code === "US" && (/\bU\.?S\.?A?\b/.test(original) || has("the us"));
    if (aliases.some(has) || isUs) rules.push({ kind: "place", label: `not in ${name}`, countries: [code] });
  }
  return rules;
}

const COUNTRY_NAMES = Object.entries(countries).map(([code, c]) => ({
  code,
  name: c.name,
  aliases: [c.name, c.native, ...((c as { alias?: string[] }).alias ?? [])]
    .map(foldText)
    .filter((a) => a.length > 2 || a === "uk"),
}));

function readTerms(words: string[], already: HardNoRule[]): HardNoRule[] {
  // A longer phrase wins over the shorter ones inside it ("water sport" over "sport").
  const matches: { term: (typeof TERMS)[number]; start: number; end: number }[] = [];
  for (const { term, phrases } of TERM_PHRASES) {
    for (const phrase of phrases) {
      const target = phrase.split(" ");
      for (let i = 0; i + target.length <= words.length; i++) {
        if (target.every((w, j) => words[i + j] === w)) matches.push({ term, start: i, end: i + target.length });
      }
    }
  }
  matches.sort((a, b) => b.end - b.start - (a.end - a.start));
  const taken: { start: number; end: number }[] = [];
  const terms: (typeof TERMS)[number][] = [];
  for (const m of matches) {
    if (taken.some((t) => m.start < t.end && t.start < m.end)) continue;
    taken.push(m);
    if (!terms.includes(m.term)) terms.push(m.term);
  }
  // A place or weather word already read ("cold", "Europe") is not also an activity.
  if (terms.length === 0 || (already.length > 0 && taken.length === 0)) return [];
  return terms.map((t) => ({
    kind: "term" as const,
    label: `no ${t.term}`,
    term: t.term,
    keywords: t.keywords.map(phraseKey),
    phrases: phrasesOf(t.phrases),
    vibes: t.vibes ?? [],
    wholePlace: t.wholePlace ?? false,
  }));
}

function dedupe(rules: HardNoRule[]): HardNoRule[] {
  const seen = new Set<string>();
  return rules.filter((r) => {
    if (seen.has(r.label)) return false;
    seen.add(r.label);
    return true;
  });
}

function titleCase(text: string): string {
  return text.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

const named = new Map<string, boolean>();

/**
 * Whether a hard no names this activity or meal itself ("no Casa Milà (La Pedrera)",
 * "not MACBA", "skip the Sagrada Familia"): one of the place's names — its title, the
 * title without what is in brackets, or what is in brackets (two words or more) — is in
 * the hard no, or a part of the hard no we read no rule from is in the title. Judged for
 * the same texts and titles over and over: kept, up to a bound.
 */
export function namesPlace(hardNo: string, title: string): boolean {
  const key = `${hardNo}\u0000${title}`;
  const known = named.get(key);
  if (known !== undefined) return known;
  const answer = computeNamesPlace(hardNo, title);
  if (named.size > 20_000) named.clear();
  named.set(key, answer);
  return answer;
}

function computeNamesPlace(hardNo: string, title: string): boolean {
  if (!title.trim() || !hardNo.trim()) return false;
  const said = wordsOf(translate(foldText(hardNo)));
  const names = [title, title.replace(/\([^)]*\)/g, " "), ...[...title.matchAll(/\(([^)]*)\)/g)].map((m) => m[1] ?? "")]
    .map(phraseKey)
    .filter((n) => n.split(" ").length >= 2);
  if (names.some((n) => containsPhrase(said, n))) return true;
  const titleWords = wordsOf(title);
  return interpretHardNo(hardNo).unparsed.some((part) => {
    const words = wordsOf(part).filter((w) => !PLACE_VERBS.has(w));
    // One distinctive word ("MACBA", "Pedrera"), or any two or more in a row ("Sagrada Familia").
    if (words.length === 1) return (words[0]?.length ?? 0) >= 4 && titleWords.includes(words[0] ?? "");
    for (let i = 0; i + 1 < words.length; i++)
      if (containsPhrase(titleWords, `${words[i]} ${words[i + 1]}`)) return true;
    return false;
  });
}

/** Words around a place's name in a hard no that are not part of it ("skip the Sagrada Familia", "no visiting MACBA"). */
const PLACE_VERBS = new Set(["skip", "visit", "visiting", "see", "seeing", "go", "going", "again", "another"]);
