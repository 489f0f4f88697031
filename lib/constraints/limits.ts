import { foldText } from "@/lib/constraints/text";

/**
 * Limits on a member's days, read from their own words (a hard no or their notes), in
 * every language the form reads (English, Spanish, French, German, Italian, Portuguese):
 * - "nothing before 10am", "no early starts", "nada antes de las 10" → nothing starts before then;
 * - "back by 10pm", "nothing after 9pm", "no late nights", "rien après 21h" → everything ends by then;
 * - "nothing more than 30 minutes away", "max 20 min between stops" → no leg between stops longer;
 * - "slow pace", "take it easy", "con calma" → at most two activities a day;
 * - "no long walks", "pas de longues marches" → no walk between stops over 15 minutes (said against, not "we love long walks").
 * Each rule carries its own figures, so the planner and the validator apply one meaning.
 * A rule's `id` is stable for the same meaning, so a member can set one aside (dismiss a misreading).
 */

export type LimitRule =
  /** No activity starts before `minutes` past midnight. */
  | { kind: "earliest"; id: string; label: string; minutes: number }
  /** No activity ends after `minutes` past midnight. */
  | { kind: "latest"; id: string; label: string; minutes: number }
  /** No leg between two consecutive stops of a day takes longer than `minutes`. */
  | { kind: "max-travel"; id: string; label: string; minutes: number }
  /** At most `maxActivities` activities a day. */
  | { kind: "pace"; id: string; label: string; maxActivities: number }
  /** No walk between consecutive stops takes longer than `minutes` (further apart goes by transit, or not at all). */
  | { kind: "max-walk"; id: string; label: string; minutes: number };

/** "No early starts" without a time: nothing before 10:00. */
export const EARLY_START_LIMIT = 10 * 60;
/** "No late nights" without a time: back by 22:00. */
export const LATE_NIGHT_LIMIT = 22 * 60;
/** "Slow pace": at most this many activities a day (the relaxed pace). */
export const SLOW_PACE_ACTIVITIES = 2;
/** "No long walks": no walk between stops over this many minutes. */
export const LONG_WALK_MINUTES = 15;

const HOUR = String.raw`(\d{1,2})(?:(?:[ .:h])(\d{2}))?\s*(a ?m|p ?m|h|hrs|uhr|o ?clock|horas?|heures?|ore)?\b`;
const NOON = "(noon|midday|mediodia|midi|mittag|mezzogiorno|meio dia|meiodia)";
const MIDNIGHT = "(midnight|medianoche|minuit|mitternacht|mezzanotte|meia noite|meianoite)";
const ARTICLE = String.raw`(?:(?:the|las|la|les|le|der|die|as|a|das|de las|delle|dalle|alle|um|uhr)\s+)?`;

/** Words before a time that say everything ends by then. */
const LATEST_MARKERS = [
  String.raw`back (?:by|before|at)`,
  String.raw`home (?:by|before)`,
  String.raw`in bed (?:by|before)`,
  String.raw`return(?:ed)? (?:by|before)`,
  String.raw`after`,
  String.raw`past`,
  String.raw`later than`,
  String.raw`finish(?:ed)? by`,
  String.raw`done by`,
  // Spanish
  String.raw`(?:volver|regresar|vuelta|de vuelta|estar de vuelta|en casa) (?:antes de|para|a)`,
  String.raw`despues de`,
  String.raw`mas tarde de`,
  // French
  String.raw`(?:rentrer|rentres?|retour|de retour) (?:avant|pour|a)`,
  String.raw`apres`,
  String.raw`plus tard que`,
  // German
  String.raw`zuruck (?:bis|vor|um)`,
  String.raw`nach`,
  String.raw`spater als`,
  // Italian
  String.raw`(?:rientro|rientrare|tornare|di ritorno) (?:entro|prima d\w*|per)`,
  "dopo",
  // Portuguese
  String.raw`(?:voltar|volta|de volta|regressar) (?:ate|antes d\w*|para)`,
  String.raw`depois d\w*`,
];
/** Words before a time that say the day starts then ("start after 10"), read before "after" means an end. */
const START_MARKERS = [
  String.raw`start(?:ing|s)? (?:after|from|at)`,
  String.raw`(?:empezar|empezamos|comenzar) (?:despues de|a partir de|a)`,
  String.raw`(?:commencer|commence) (?:apres|a partir de|a)`,
  String.raw`(?:start|beginn|anfangen) (?:nach|ab|um)`,
  String.raw`(?:iniziare|cominciare) (?:dopo|dalle|alle)`,
  String.raw`(?:comecar|iniciar) (?:depois d\w*|a partir d\w*|as)`,
];
/** Words before a time that say nothing starts before then. */
const EARLIEST_MARKERS = [
  String.raw`before`,
  String.raw`earlier than`,
  String.raw`not up (?:before|until)`,
  String.raw`antes de`,
  String.raw`avant`,
  String.raw`vor`,
  String.raw`fruher als`,
  String.raw`erst ab`,
  String.raw`(?:not|nothing|sleep|sleeping|sleep in|rest) until`,
  String.raw`prima d\w*`,
  String.raw`antes d\w*`,
];

const EARLY_WORDS = [
  "early start",
  "early starts",
  "early morning",
  "early mornings",
  "early wake up",
  "early wakeups",
  "early rise",
  "not a morning person",
  "sleep in",
  "lie in",
  "madrugar",
  "madrugon",
  "madrugones",
  "levantarse temprano",
  "reveil tot",
  "reveils tot",
  "se lever tot",
  "lever tot",
  "tot le matin",
  "grasse matinee",
  "fruh aufstehen",
  "fruhes aufstehen",
  "ausschlafen",
  "sveglia presto",
  "sveglie presto",
  "alzarsi presto",
  "acordar cedo",
  "madrugadas",
];
const LATE_WORDS = [
  "late night",
  "late nights",
  "late evening",
  "late evenings",
  "staying up late",
  "stay up late",
  "early night",
  "early nights",
  "early to bed",
  "nothing late",
  "trasnochar",
  "acostarse tarde",
  "acostarse temprano",
  "noches largas",
  "soiree tardive",
  "soirees tardives",
  "coucher tard",
  "se coucher tot",
  "tard le soir",
  "lange nachte",
  "lange nacht",
  "spat abends",
  "fruh ins bett",
  "notti tarde",
  "fare tardi",
  "tardi la sera",
  "dormir tarde",
  "dormir cedo",
  "noites longas",
];
const SLOW_WORDS = [
  "slow pace",
  "slow paced",
  "relaxed pace",
  "easy pace",
  "gentle pace",
  "leisurely",
  "take it easy",
  "taking it easy",
  "not too packed",
  "not packed",
  "not too busy",
  "not rushed",
  "no rushing",
  "unhurried",
  "ritmo tranquilo",
  "ritmo lento",
  "con calma",
  "sin prisas",
  "rythme lent",
  "rythme tranquille",
  "sans se presser",
  "tranquillement",
  "langsames tempo",
  "langsam",
  "gemutlich",
  "ohne hetze",
  "con calma",
  "senza fretta",
  "ritmo rilassato",
  "com calma",
  "sem pressa",
  "devagar",
];
const LONG_WALK_WORDS = [
  "long walk",
  "long walks",
  "lot of walking",
  "lots of walking",
  "much walking",
  "walking all day",
  "largas caminatas",
  "caminar mucho",
  "longues marches",
  "longue marche",
  "beaucoup marcher",
  "lange spaziergange",
  "langen spaziergange",
  "viel laufen",
  "lunghe camminate",
  "camminare molto",
  "longas caminhadas",
  "andar muito",
];
/** Words that say a part is against what it names ("no long walks"), not for it ("we love long walks"). */
const AGAINST_WORDS =
  /\b(no|not|never|without|avoid|hate|can't|cant|cannot|don't|dont|sin|evitar|pas|sans|eviter|kein|keine|keinen|nicht|ohne|niente|senza|sem|nao|nada)\b/;
const MINUTES_UNIT = String.raw`(?:min|mins|minute|minutes|minutos|minuten|minuti)\b`;
const HALF_HOUR = ["half an hour", "media hora", "demi heure", "halbe stunde", "mezz'ora", "mezzora", "meia hora"];
const AN_HOUR = [
  "an hour away",
  "one hour away",
  "1 hour away",
  "una hora",
  "une heure",
  "eine stunde",
  "un'ora",
  "uma hora",
];
const FLIGHT = /\b(flight|flights|fly|flying|plane|vuelo|vuelos|vol|vols|flug|fluge|volo|voli|voo|voos)\b/;

const readings = new Map<string, LimitRule[]>();

/** The limits one text states (empty when it states none). Pure; kept for the same texts, up to a bound. */
export function readLimits(text: string, { hardNo = false }: { hardNo?: boolean } = {}): LimitRule[] {
  const key = `${hardNo ? 1 : 0}${text}`;
  const known = readings.get(key);
  if (known) return known;
  const rules = dedupe(read(text, hardNo));
  if (readings.size > 5000) readings.clear();
  readings.set(key, rules);
  return rules;
}

/** `againstAll`: the whole text is a hard no, so "long walks" alone is against them. */
function read(text: string, againstAll: boolean): LimitRule[] {
  const rules: LimitRule[] = [];
  // Commas and semicolons end a limit; a clock's colon or dot does not.
  for (const part of text.split(/[,;\n]|\band\b|\by\b|\bet\b|\bund\b|\be\b/)) {
    const folded = ` ${foldText(part.replace(/(\d)[:.](\d\d)/g, "$1h$2")).replaceAll(".", " ")} `;
    rules.push(...timesIn(folded));
    const has = (words: string[]) => words.some((w) => folded.includes(` ${w} `));
    if (has(EARLY_WORDS) && !rules.some((r) => r.kind === "earliest")) rules.push(earliest(EARLY_START_LIMIT));
    if (has(LATE_WORDS) && !rules.some((r) => r.kind === "latest")) rules.push(latest(LATE_NIGHT_LIMIT));
    if (has(SLOW_WORDS)) rules.push(pace(SLOW_PACE_ACTIVITIES));
    if (has(LONG_WALK_WORDS) && (againstAll || AGAINST_WORDS.test(folded))) rules.push(maxWalk(LONG_WALK_MINUTES));
    if (!FLIGHT.test(folded)) {
      const mins = folded.match(new RegExp(String.raw`(\d{1,3})\s*${MINUTES_UNIT}`));
      if (mins?.[1]) rules.push(maxTravel(Number(mins[1])));
      else if (has(HALF_HOUR)) rules.push(maxTravel(30));
      else if (has(AN_HOUR)) rules.push(maxTravel(60));
    }
  }
  return rules;
}

function timesIn(folded: string): LimitRule[] {
  const out: LimitRule[] = [];
  const at = String.raw`${ARTICLE}(?:${HOUR}|${NOON}|${MIDNIGHT})`;
  let rest = folded;
  // "back before 10pm" is a latest, though it says "before": the longer marker is tried first.
  for (const [markers, kind] of [
    [START_MARKERS, "earliest"],
    [LATEST_MARKERS, "latest"],
    [EARLIEST_MARKERS, "earliest"],
  ] as const) {
    const re = new RegExp(String.raw` (?:${markers.join("|")}) ${at}`, "g");
    for (const m of rest.matchAll(re)) {
      const minutes = clockOf(m, kind);
      if (minutes === null) continue;
      out.push(kind === "earliest" ? earliest(minutes) : latest(minutes));
    }
    rest = rest.replace(re, " ");
  }
  return out;
}

function clockOf(m: RegExpMatchArray, kind: "earliest" | "latest"): number | null {
  if (m[4]) return 12 * 60;
  if (m[5]) return 24 * 60;
  let hour = Number(m[1]);
  const minute = Number(m[2] ?? 0);
  const suffix = (m[3] ?? "").replace(" ", "");
  if (!Number.isFinite(hour) || hour > 24 || minute > 59) return null;
  if (suffix === "pm" && hour < 12) hour += 12;
  else if (suffix === "am" && hour === 12) hour = 0;
  // "back by 10" means the evening; "nothing before 9" the morning.
  else if (!suffix && kind === "latest" && hour < 12 && !m[2]) hour += 12;
  return hour * 60 + minute;
}

export function clockLabel(minutes: number): string {
  if (minutes >= 24 * 60) return "midnight";
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

function earliest(minutes: number): LimitRule {
  return { kind: "earliest", id: `earliest:${minutes}`, label: `no activities before ${clockLabel(minutes)}`, minutes };
}
function latest(minutes: number): LimitRule {
  return { kind: "latest", id: `latest:${minutes}`, label: `back by ${clockLabel(minutes)}`, minutes };
}
function maxTravel(minutes: number): LimitRule {
  return {
    kind: "max-travel",
    id: `max-travel:${minutes}`,
    label: `no more than ${minutes} minutes between stops`,
    minutes,
  };
}
function pace(maxActivities: number): LimitRule {
  return {
    kind: "pace",
    id: `pace:${maxActivities}`,
    label: `a slow pace (at most ${maxActivities} activities a day)`,
    maxActivities,
  };
}

function maxWalk(minutes: number): LimitRule {
  return {
    kind: "max-walk",
    id: `max-walk:${minutes}`,
    label: `no walks over ${minutes} minutes between stops`,
    minutes,
  };
}

/** The first rule of each id, in order (a hard no's reading before the same words in notes). */
export function dedupe<R extends { id: string }>(rules: R[]): R[] {
  const seen = new Set<string>();
  return rules.filter((r) => {
    if (seen.has(r.id)) return false;
    seen.add(r.id);
    return true;
  });
}

/**
 * The strictest of each kind over some rules: the latest "earliest", the earliest "latest",
 * the shortest leg and the fewest activities.
 */
export function strictest(rules: LimitRule[]): {
  earliest: number | null;
  latest: number | null;
  maxTravel: number | null;
  maxActivities: number | null;
  maxWalk: number | null;
} {
  const of = (kind: LimitRule["kind"], pick: (xs: number[]) => number) => {
    const xs = rules.flatMap((r) =>
      r.kind !== kind ? [] : [r.kind === "pace" ? r.maxActivities : (r as { minutes: number }).minutes],
    );
    return xs.length ? pick(xs) : null;
  };
  return {
    earliest: of("earliest", (xs) => Math.max(...xs)),
    latest: of("latest", (xs) => Math.min(...xs)),
    maxTravel: of("max-travel", (xs) => Math.min(...xs)),
    maxActivities: of("pace", (xs) => Math.min(...xs)),
    maxWalk: of("max-walk", (xs) => Math.min(...xs)),
  };
}
