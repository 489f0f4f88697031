/**
 * The rules half of the risk guard: does a piece of member text try to instruct the AI,
 * or ask for something unsafe? Pure and synchronous, so the same pass screens free text
 * in the pipeline and display names at the door (create, join).
 *
 * Each text is looked at in several views, so a disguise that fools one view is undone
 * in another:
 * - latin: compatibility-normalised (full-width → ASCII), invisible characters removed,
 *   accents dropped, look-alike Cyrillic/Greek letters and leetspeak digits mapped to
 *   Latin letters, everything else a space — English and the Latin-script languages;
 * - joined: the latin view with runs of single letters ("i g n o r e", "i.g.n.o.r.e")
 *   joined into words;
 * - native: the same clean-up without the Latin mapping — Cyrillic, CJK, Arabic…;
 * - decoded: base64 and percent-encoded runs decoded, then screened like any text.
 */

export type ScreenRule = "prompt-injection" | "unsafe-content";

/** Invisible characters: every Unicode format character (zero-width, bidi controls, soft hyphen…) and fillers. */
const INVISIBLE = /\p{Cf}|\u034F|[\u180E\u115F\u1160\u3164\uFFA0]/gu;

/** Cyrillic, Greek and other letters that look like Latin ones. */
const HOMOGLYPHS: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ɡ: "g",
  ո: "n",
  ս: "u",
  ӏ: "l",
  ɩ: "i",
  ı: "i",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ß: "ss",
  ø: "o",
  æ: "ae",
  œ: "oe",
};

/** Leetspeak: digits and symbols standing in for letters inside a word. */
const LEET: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "8": "b",
  "9": "g",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
};

function baseClean(text: string): string {
  return (
    text
      .normalize("NFKC")
      .replace(INVISIBLE, "")
      .toLowerCase()
      // Accents off Latin letters only (Cyrillic й and Devanagari vowel signs are letters in their own right).
      .normalize("NFD")
      .replace(/(\p{Script=Latin})\p{M}+/gu, "$1")
      .normalize("NFC")
  );
}

function latinView(text: string): string {
  return baseClean(text)
    .replace(/./gu, (ch) => HOMOGLYPHS[ch] ?? ch)
    .replace(/\S+/g, (word) => (/[a-z]/.test(word) ? word.replace(/[0-9@$!|]/g, (ch) => LEET[ch] ?? ch) : word))
    .replace(/[^a-z0-9<>/[\]]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

const LETTER_RUN = /(?<![a-z0-9])[a-z0-9](?:[ .\-_*·•,'’~+]{1,3}[a-z0-9]){3,}(?![a-z0-9])/g;

/**
 * Runs of single letters ("i g n o r e  a l l", "i.g.n.o.r.e a.l.l") as words: with dots or
 * dashes between letters a space is a word break; with spaces between letters, two are.
 * Also each run squashed into one string, for the rules that need no word breaks.
 */
function letterRuns(text: string): { joined: string; squashed: string[] } | null {
  const cleaned = baseClean(text).replace(/./gu, (ch) => HOMOGLYPHS[ch] ?? ch);
  const runs = cleaned.match(LETTER_RUN);
  if (!runs) return null;
  const joined = cleaned.replace(LETTER_RUN, (run) =>
    /[^ ]/.test(run.replace(/[a-z0-9]/g, ""))
      ? run.replace(/[^a-z0-9 ]/g, "").replace(/ +/g, " ")
      : run.replace(/ {2,}/g, "\n").replace(/ /g, "").replace(/\n/g, " "),
  );
  return { joined: latinView(joined), squashed: runs.map((run) => run.replace(/[^a-z0-9]/g, "")) };
}

/** Rules for text with every separator removed ("ignorepreviousinstructions"). */
const SQUASHED_INJECTION: RegExp[] = [
  /(ignore|disregard|forget|override|bypass)(all|the|any|your|of|these|those)*(previous|prior|above|earlier|system|original|your|all)(instructions?|prompts?|rules|guidelines|directions)/,
  /(reveal|print|show|repeat|leak)(me)?(your|the)(system|hidden|original)?(prompt|instructions)/,
  /systemprompt|jailbreak|developermode|youarenow|doanythingnow/,
];

function nativeView(text: string): string {
  return baseClean(text)
    .replace(/[\p{P}\p{S}\s]+/gu, " ")
    .trim();
}

/** Base64 (and base64url) or percent-encoded runs that decode to readable text. */
function decodedTexts(text: string): string[] {
  const decoded: string[] = [];
  for (const [run] of text.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)) {
    const bytes = Buffer.from(run.replace(/-/g, "+").replace(/_/g, "/"), "base64");
    const candidate = bytes.toString("utf8");
    const printable = candidate.replace(/[^\p{L}\p{N}\p{P}\p{Zs}]/gu, "");
    if (!candidate.includes("\uFFFD") && candidate.length >= 8 && printable.length / candidate.length > 0.9) {
      decoded.push(candidate);
    }
  }
  if (/%[0-9a-f]{2}/i.test(text)) {
    try {
      decoded.push(decodeURIComponent(text));
    } catch {
      // Not valid percent-encoding: nothing to decode.
    }
  }
  return decoded;
}

// ── rules over the latin view (English and other Latin-script languages) ─────────────

const DROP =
  "(ignore|ignoring|disregard|forget|override|bypass|skip|drop|discard|abandon|neglect|set aside|put aside|throw out|pay no (attention|heed) to|stop (following|obeying)|no longer (follow|obey)|(don ?t|do not) (follow|obey))";
const WHOSE =
  "(previous|prior|above|earlier|preceding|all|any|your|these|those|system|original|initial|existing|current|old|every|the given|of the)";
const ORDERS =
  "(instructions?|prompts?|rules|guidelines|directions|guidance|directives|programming|orders|commands|constraints|settings)";

const LATIN_INJECTION: RegExp[] = [
  // English: "ignore all previous instructions", "kindly set aside your guidance", but not "forget the rules of daily life".
  new RegExp(String.raw`\b${DROP}\b.{0,30}\b${WHOSE}\b.{0,20}\b${ORDERS}\b`),
  new RegExp(
    String.raw`\b${DROP}\b (all |everything )?(of )?(the )?(above|previous|prior|earlier|you (were|have been|ve been) (told|given))\b`,
  ),
  /\b(instructions?|guidance|rules|directions|what) (you (were|have been|ve been|got) (given|told))\b/,
  /\b(system|developer|hidden|initial|original) (prompt|message|instructions?)\b/,
  /\byou are (now|no longer) /,
  /\b(from now on|starting now|henceforth),? (you|respond|reply|answer|only|always|ignore)\b/,
  /\bnew (instructions?|rules|task|persona|role)\b/,
  /\b(reveal|print|show|repeat|leak|output|tell me) (me )?(your|the hidden|the system|the original|the initial) (prompt|instructions|rules|configuration)\b/,
  /<\s*\/?\s*(system|assistant|user|member text|member_text|im start|im end)\s*>/,
  /\[\s*\/?\s*(inst|system)\s*\]/,
  /<\s*l?im (start|end)/,
  /\bdo anything now\b|\bjailbreak|\bdeveloper mode\b|\bdan mode\b/,
  /\b(pretend|imagine) (that )?(you are|you re|to be)\b/,
  /\b(act|behave|respond) as (if you were |though you were )?(a|an|my|the) (different|unrestricted|new|evil|uncensored)\b/,
  /\broleplay as\b|\brole play as\b/,
  /\b(respond|reply|answer|output|write|print)\b.{0,12}\b(only|exactly|just)\b.{0,12}\b(with|the word|the phrase)\b/,
  /\b(reply|respond|answer) with (the (word|phrase|text)|exactly)\b/,
  /\bsay (exactly|only|the word|the phrase)\b/,
  /\b(dear|hey|hi|hello|attention|note to( the)?|message (for|to)( the)?|instructions? (for|to)( the)?) (ai|a i|assistant|model|language model|llm|bot|chatbot|chatgpt|gpt|gemini|claude|system)\b/,
  /\bas an? (ai|a i|language model|llm)\b/,
  /\b(highest|top|absolute) priority (instruction|override|command)\b|\bpriority override\b/,
  // French
  /\b(ignore[rsz]?|oublie[rsz]?|neglige[rsz]?|ne tiens pas compte|ne tenez pas compte|fais abstraction|faites abstraction)\b.{0,40}\b(instructions?|consignes?|directives?|indications|regles precedentes|tes regles|vos regles)\b/,
  /\b(tu es|vous etes) (maintenant|desormais|a present)\b|\ba partir de maintenant,? (tu|vous|reponds|repondez)\b/,
  // Spanish
  /\b(ignora[rd]?|ignore[ns]?|olvida[rd]?|olvide[ns]?|omite|omitir|descarta[rd]?|haz caso omiso|no hagas caso)\b.{0,40}\b(instrucciones|instruccion|indicaciones|directrices|ordenes|reglas anteriores|tus reglas|sus reglas)\b/,
  /\b(ahora eres|a partir de ahora,? (eres|responde|contesta))\b/,
  // German
  /\b(ignorier\w*|vergiss|vergessen ?sie|missachte\w*|uberspring\w*|beachte nicht|befolge nicht)\b.{0,40}\b(anweisungen|anweisung|instruktionen|befehle|vorgaben|richtlinien|vorherigen regeln|bisherigen regeln|deine regeln|ihre regeln|alle regeln)\b/,
  /\b(du bist (jetzt|ab sofort|nun)|ab (jetzt|sofort) bist du)\b/,
  // Italian
  /\b(ignora\w*|dimentica\w*|trascura\w*|non seguire)\b.{0,40}\b(istruzioni|indicazioni|direttive|regole precedenti|tue regole)\b/,
  // Portuguese
  /\b(ignore|ignora\w*|esqueca\w*|esquece\w*|desconsidere|desconsidera)\b.{0,40}\b(instrucoes|instrucao|orientacoes|diretrizes|regras anteriores|suas regras|tuas regras)\b/,
  // Dutch
  /\b(negeer|vergeet)\b.{0,40}\b(instructies|aanwijzingen|opdrachten|vorige regels|je regels)\b/,
  // Turkish, Indonesian, Polish
  /\b(talimatlari|talimatlar|kurallari)\b.{0,30}\b(yok say|unut|gormezden gel)/,
  /\b(abaikan|lupakan)\b.{0,30}\b(instruksi|perintah|aturan)\b/,
  /\b(zignoruj|zapomnij)\b.{0,30}\b(instrukcje|polecenia|zasady)\b/,
];

// ── rules over the native view (non-Latin scripts) ─────────────────────────────────

const NATIVE_INJECTION: RegExp[] = [
  // Russian / Ukrainian: "игнорируй предыдущие инструкции", "забудь все правила"
  /(игнорир|проигнорир|забуд|забыв|отбрось|не обращай внимания на|не следуй|пренебреги|ігнору|забудь)[\p{L}]*.{0,40}(инструкци|указани|правил|промпт|команд|інструкці|вказівк)/u,
  /(ты теперь|теперь ты|с этого момента ты|ты больше не)/u,
  /(системн[\p{L}]* (промпт|инструкци|сообщени))/u,
  // Chinese (simplified and traditional)
  /(忽略|忽视|忽視|无视|無視|忘记|忘記|忘掉|不要理会|不要理會|不要遵循|不要遵守|跳过|跳過|放弃|放棄|抛开|拋開).{0,20}(指令|指示|说明|說明|规则|規則|提示|命令|设定|設定|要求)/u,
  /(你现在是|你現在是|从现在开始你|從現在開始你|系统提示|系統提示|扮演)/u,
  // Japanese
  /(指示|命令|ルール|プロンプト|設定|規則).{0,12}(無視|忘れ)/u,
  /(無視|忘れ).{0,12}(指示|命令|ルール|プロンプト|規則)/u,
  /(あなたは今から|今からあなたは|システムプロンプト)/u,
  // Korean
  /(지시|명령|규칙|지침|프롬프트).{0,12}(무시|잊어)/u,
  // Arabic, Hindi, Hebrew
  /(تجاهل|انس|اهمل).{0,30}(التعليمات|الاوامر|الأوامر|القواعد|التوجيهات)/u,
  /(निर्देशों|निर्देश|नियमों|नियम).{0,20}(अनदेखा|भूल|नज़रअंदाज़|नजरअंदाज)/u,
  /(התעלם|שכח).{0,30}(ההוראות|הוראות|הכללים)/u,
];

const UNSAFE: RegExp[] = [
  /\b(make|build|buy|get) (a |some )?(bomb|explosive|weapon|gun)s?\b/,
  // "traffic" alone is the road kind ("beat the traffic"); the crime is a verb with goods or people.
  /\b(smuggle|smuggling|trafficking|trafficker|traffickers)\b/,
  /\btraffic (drugs|people|humans|weapons|guns|children|women)\b/,
  /\b(hurt|kill|attack) (someone|people|him|her|them)\b/,
];

function matchesAny(patterns: RegExp[], text: string | null): boolean {
  return text !== null && patterns.some((re) => re.test(text));
}

/** Kept for the guard's tests: the latin view of a text. */
export function normaliseForScreening(text: string): string {
  return latinView(text);
}

/**
 * Pure, so a text's verdict is remembered: the final gates screen again the lines each card
 * or day was already screened with (a bounded memory, emptied when full).
 */
const verdicts = new Map<string, ScreenRule | null>();
const VERDICTS_KEPT = 5_000;

export function screen(text: string): ScreenRule | null {
  const known = verdicts.get(text);
  if (known !== undefined) return known;
  const verdict = screenOnce(text, 0);
  if (verdicts.size >= VERDICTS_KEPT) verdicts.clear();
  verdicts.set(text, verdict);
  return verdict;
}

function screenOnce(text: string, depth: number): ScreenRule | null {
  const latin = latinView(text);
  const runs = letterRuns(text);
  const native = nativeView(text);
  if (
    matchesAny(LATIN_INJECTION, latin) ||
    matchesAny(LATIN_INJECTION, runs?.joined ?? null) ||
    runs?.squashed.some((run) => matchesAny(SQUASHED_INJECTION, run)) ||
    matchesAny(NATIVE_INJECTION, native)
  ) {
    return "prompt-injection";
  }
  if (matchesAny(UNSAFE, latin) || matchesAny(UNSAFE, runs?.joined ?? null)) return "unsafe-content";
  if (depth === 0) {
    for (const decoded of decodedTexts(text)) {
      const rule = screenOnce(decoded, 1);
      // Hiding text in an encoding is itself a sign of instructions, whatever the decoded text asks for.
      if (rule) return "prompt-injection";
    }
  }
  return null;
}
