/**
 * The things a request names, read from its words in the six languages the limits read: a day
 * of the trip ("the last day", "Saturday", "the first night", "day 2", "el día 2"), a part of
 * the day, a meal, an amount with its currency ("84 euros", "€40", "$1,200"). Items of the plan
 * and members are resolved against the trip's own data where it is read (`matchItems`,
 * `memberNamed`).
 */

export type DayRef = { day: number } | { weekday: string } | { last: true };

const ORDINALS: [RegExp, number][] = [
  [/\b(first|1st|opening|primer|primero|premier|première|ersten?|primo|primeiro)\b/, 1],
  [/\b(second|2nd|segundo|deuxième|second|zweiten?|secondo)\b/, 2],
  [/\b(third|3rd|tercer|tercero|troisième|dritten?|terzo|terceiro)\b/, 3],
  [/\b(fourth|4th|cuarto|quatrième|vierten?|quarto)\b/, 4],
  [/\b(fifth|5th|quinto|cinquième|fünften?)\b/, 5],
];

const WEEKDAY_WORDS: [string, RegExp][] = [
  ["sunday", /\b(sunday|sun|domingo|dimanche|sonntag|domenica)\b/],
  ["monday", /\b(monday|mon|lunes|lundi|montag|lunedì|lunedi|segunda)\b/],
  ["tuesday", /\b(tuesday|tuesdy|tusday|tue|tues|martes|mardi|dienstag|martedì|martedi|terça)\b/],
  ["wednesday", /\b(wednesday|wensday|wednsday|wed|miércoles|miercoles|mercredi|mittwoch|mercoledì|quarta)\b/],
  ["thursday", /\b(thursday|thurday|thusday|thu|thurs|jueves|jeudi|donnerstag|giovedì|giovedi|quinta)\b/],
  ["friday", /\b(friday|firday|fri|viernes|vendredi|freitag|venerdì|venerdi|sexta)\b/],
  ["saturday", /\b(saturday|saterday|sat|sábado|sabado|samedi|samstag|sabato)\b/],
];

const DAY_WORD = "(?:day|d[ií]a|jour|tag|giorno|night|noche|nuit|nacht|notte|noite|evening)";

/** The day a request names, or null. */
export function dayIn(text: string): DayRef | null {
  const lower = text.toLowerCase();
  const n = /\b(?:day|d[ií]a|jour|tag|giorno)\s*(\d+)\b/.exec(lower)?.[1];
  if (n) return { day: Number(n) };
  if (new RegExp(`\\b(last|final|[uú]ltimo|dernier|letzten?|ultimo)\\s+${DAY_WORD}`).test(lower)) return { last: true };
  for (const [re, day] of ORDINALS) {
    const m = new RegExp(`${re.source}\\s+${DAY_WORD}|${DAY_WORD}\\s+${re.source}`).exec(lower);
    if (m) return { day };
  }
  const weekday = WEEKDAY_WORDS.find(([, re]) => re.test(lower));
  return weekday ? { weekday: weekday[0] } : null;
}

/** The part of the day a request names ("the first night" is an evening). */
export function slotIn(text: string): "morning" | "afternoon" | "evening" | null {
  const lower = text.toLowerCase();
  if (/\b(morning|mañana|matin|morgens?|vormittag|mattina|manhã)\b/.test(lower)) return "morning";
  if (/\b(afternoon|tarde|après-midi|apres-midi|nachmittag|pomeriggio)\b/.test(lower)) return "afternoon";
  if (/\b(evening|night|tonight|noche|soir|soirée|nuit|abend|sera|noite)\b/.test(lower)) return "evening";
  return null;
}

export function mealIn(text: string): "breakfast" | "lunch" | "dinner" | null {
  const lower = text.toLowerCase();
  if (/\b(breakfast|desayuno|petit[- ]d[ée]jeuner|frühstück|colazione)\b/.test(lower)) return "breakfast";
  if (/\b(lunch|almuerzo|comida|déjeuner|mittagessen|pranzo|almoço)\b/.test(lower)) return "lunch";
  if (/\b(dinner|supper|eating .*night|cena|dîner|diner|abendessen|jantar)\b/.test(lower)) return "dinner";
  return null;
}

/** An amount as typed, with its currency when one is named ("84 euros" → "€84"); null when none. */
export function amountIn(text: string): string | null {
  const m = /([$€£])\s?(\d[\d.,]*)(k?)|(\d[\d.,]*)(k?)\s*(euros?|eur|€|dollars?|usd|\$|pounds?|gbp|£)?/i.exec(
    text.replace(/\bday\s*\d+\b/gi, ""),
  );
  if (!m) return null;
  const digits = (m[2] ?? m[4] ?? "").replace(/[.,](?=\d{3}\b)/g, "").replace(/,/g, "");
  const value = Number(digits) * ((m[3] ?? m[5]) ? 1000 : 1);
  if (!Number.isFinite(value) || value <= 0) return null;
  const unit = (m[1] ?? m[6] ?? "").toLowerCase();
  const symbol = /€|eur/.test(unit) ? "€" : /£|pound|gbp/.test(unit) ? "£" : unit ? "$" : "";
  return `${symbol}${value}`;
}

const STOP = new Set(
  "the a an of to on in at for and or is it my me we our this that with from by be can you please pls i i'm im isn't isnt doesn't not too just one thing".split(
    " ",
  ),
);

function wordsOf(text: string): string[] {
  return text
    .toLowerCase()
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .replace(/[^\p{L}\p{N} ]/gu, " ")
    .split(/\s+/)
    .filter((w) => w.length > 1 && !STOP.has(w));
}

/** Words for kinds of things, so "the tile museum" and "the rooftop drinks" find theirs. */
const KINDS: Record<string, string[]> = {
  drinks: ["bar", "rooftop", "drink", "drinks", "cocktails"],
  tower: ["torre", "tour"],
  museum: ["museu", "museo", "musée", "museum"],
  tile: ["azulejo", "azulejos", "tiles"],
  carriage: ["coach", "coaches"],
  market: ["feira", "flea", "mercado", "marché", "markt"],
  cathedral: ["sé", "catedral", "cathédrale", "dom", "kathedrale"],
};

/**
 * The items whose titles the words name best: each word of the request found in a title (or
 * one letter off, for typos) counts; the best-scoring items are returned (several: ambiguous).
 */
export function matchItems<T extends { title: string; itemKey: string }>(items: T[], text: string): T[] {
  const asked = wordsOf(text);
  let best = 0;
  let found: T[] = [];
  for (const item of items) {
    const hay = wordsOf(`${item.title} ${item.itemKey.replace(/^[a-z]:/, "").replace(/-/g, " ")}`);
    const kinds = Object.entries(KINDS)
      .filter(([, words]) => words.some((w) => hay.includes(w)))
      .flatMap(([kind, words]) => [kind, ...words]);
    let score = 0;
    for (const w of asked) {
      if (hay.includes(w) || kinds.includes(w)) score += w.length > 3 ? 2 : 1;
      else if (w.length > 4 && hay.some((h) => close(h, w))) score += 1;
    }
    if (score > best) {
      best = score;
      found = [item];
    } else if (score === best && score > 0) found.push(item);
  }
  return best >= 2 ? found : [];
}

/** One letter added, dropped or changed (or a plural). */
function close(a: string, b: string): boolean {
  if (a === b || a === `${b}s` || b === `${a}s`) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return a.slice(i + 1) === b.slice(i + 1) || a.slice(i + 1) === b.slice(i) || a.slice(i) === b.slice(i + 1);
}

/** A member the words name (whole word, any case). */
export function memberNamed(text: string, names: string[]): string | null {
  return (
    names.find((n) =>
      new RegExp(`(^|[^\\p{L}])${n.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\p{L}])`, "iu").test(text),
    ) ?? null
  );
}
