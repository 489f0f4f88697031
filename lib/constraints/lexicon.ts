import type { Vibe } from "@/lib/schemas/preferences";

/**
 * The words behind hard no's. Each term lists how members say it (any inflection; words
 * are compared folded and singular) and the catalog keywords and destination vibes that
 * carry it. Keep in step with the keyword vocabulary the catalog is tagged with.
 *
 * `vibes`: a destination whose character is that vibe breaks the hard no as a whole
 * ("no beaches" rules out a beach destination). `wholePlace`: the destination's own
 * keywords count too ("no crowds" rules out a destination tagged "crowds"); otherwise only
 * its activities and meals are judged ("no hiking" drops the hikes, not Moab).
 */
export type Term = {
  term: string;
  phrases: string[];
  keywords: string[];
  vibes?: Vibe[];
  wholePlace?: boolean;
};

export const TERMS: Term[] = [
  { term: "hiking", phrases: ["hike", "hiking", "trek", "trekking", "tramping"], keywords: ["hiking", "trek"] },
  {
    term: "climbing",
    phrases: ["climb", "climbing", "rock climbing", "bouldering", "via ferrata", "scrambling"],
    keywords: ["climbing"],
  },
  {
    term: "heights",
    phrases: [
      "height",
      "high place",
      "tall building",
      "skyscraper",
      "observation deck",
      "cable car",
      "cliff",
      "vertigo",
      "acrophobia",
      "rooftop",
    ],
    keywords: ["heights", "cable car"],
  },
  {
    term: "boats",
    phrases: [
      "boat",
      "boating",
      "ferry",
      "cruise",
      "sailing",
      "yacht",
      "catamaran",
      "kayak",
      "kayaking",
      "canoe",
      "canoeing",
      "rafting",
      "raft",
      "gondola",
      "water taxi",
    ],
    keywords: ["boat", "ferry", "cruise", "sailing", "kayaking", "rafting", "seasickness"],
  },
  {
    term: "swimming",
    phrases: ["swim", "swimming", "snorkel", "snorkeling", "snorkelling", "diving", "dive", "scuba"],
    keywords: ["swimming", "snorkeling", "diving"],
  },
  {
    term: "water activities",
    phrases: ["water", "water sport", "water activity", "open water", "getting wet"],
    keywords: ["water", "swimming", "snorkeling", "diving", "surfing", "kayaking", "rafting", "boat"],
  },
  { term: "surfing", phrases: ["surf", "surfing"], keywords: ["surfing"] },
  { term: "museums", phrases: ["museum", "gallery", "exhibition"], keywords: ["museum", "gallery"] },
  { term: "art", phrases: ["art", "art gallery", "painting", "modern art"], keywords: ["art", "street art"] },
  {
    term: "religious sites",
    phrases: ["church", "cathedral", "temple", "mosque", "shrine", "religious site", "worship", "monastery"],
    keywords: ["religious site", "temple", "shrine", "church", "mosque"],
  },
  {
    term: "nightlife",
    phrases: ["nightlife", "club", "clubbing", "nightclub", "party", "partying", "bar crawl", "pub crawl", "rave"],
    keywords: ["nightclub", "party", "nightlife", "club", "late night"],
  },
  {
    term: "alcohol",
    phrases: [
      "alcohol",
      "drinking",
      "booze",
      "wine",
      "beer",
      "brewery",
      "winery",
      "cocktail",
      "spirit",
      "whisky",
      "whiskey",
      "sake",
      "bar",
      "pub",
      "liquor",
    ],
    keywords: ["alcohol", "wine", "beer", "whisky", "whiskey", "bar", "breweries", "brewery", "pub"],
  },
  {
    term: "crowds",
    phrases: ["crowd", "crowded", "busy place", "tourist trap", "mass tourism", "queue", "queuing", "long line"],
    keywords: ["crowds", "queues", "queue"],
    wholePlace: true,
  },
  {
    term: "animals",
    phrases: ["animal", "zoo", "wildlife", "horse", "horse riding", "horseback", "elephant", "aquarium"],
    keywords: ["animals", "wildlife", "zoo", "aquarium", "horse"],
  },
  {
    term: "insects",
    phrases: ["insect", "bug", "mosquito", "spider"],
    keywords: ["insects", "mosquitoes"],
    wholePlace: true,
  },
  { term: "snakes", phrases: ["snake", "reptile"], keywords: ["snakes"] },
  { term: "spicy food", phrases: ["spicy", "spicy food", "chili", "chilli"], keywords: ["spicy food", "spicy"] },
  {
    term: "seafood",
    phrases: ["seafood", "fish", "shellfish", "raw fish", "sushi", "oyster", "shrimp", "prawn"],
    keywords: ["seafood", "shellfish", "raw fish"],
  },
  { term: "pork", phrases: ["pork", "ham", "bacon"], keywords: ["pork"] },
  { term: "meat", phrases: ["meat", "beef", "steak", "barbecue", "bbq"], keywords: ["meat", "pork"] },
  {
    term: "early starts",
    phrases: ["early start", "early morning", "sunrise", "dawn", "early wake up", "early wakeup", "early rise"],
    keywords: ["early start"],
  },
  { term: "late nights", phrases: ["late night", "staying up late", "late evening"], keywords: ["late night"] },
  {
    term: "long walks",
    phrases: ["long walk", "lot of walking", "much walking", "walking tour", "walking all day"],
    keywords: ["long walk", "walking tour", "hiking"],
  },
  { term: "stairs", phrases: ["stair", "step", "staircase", "steep"], keywords: ["stairs", "steep"] },
  { term: "hills", phrases: ["hill", "hilly", "uphill"], keywords: ["hills", "steep"], wholePlace: true },
  { term: "cycling", phrases: ["cycling", "biking", "bike", "bicycle", "bike ride"], keywords: ["cycling"] },
  {
    term: "driving",
    phrases: ["driving", "drive", "road trip", "long drive", "car ride", "bus ride", "coach trip"],
    keywords: ["driving", "long drive", "winding roads"],
  },
  {
    term: "guided tours",
    phrases: ["guided tour", "tour group", "group tour", "organised tour", "organized tour", "tour"],
    keywords: ["tour group", "guided tour"],
  },
  { term: "shopping", phrases: ["shopping", "shop", "mall", "boutique"], keywords: ["shopping"] },
  { term: "markets", phrases: ["market", "bazaar", "souk", "haggling"], keywords: ["market", "haggling"] },
  { term: "cooking classes", phrases: ["cooking class", "cooking lesson"], keywords: ["cooking class"] },
  { term: "spas", phrases: ["spa", "massage", "sauna"], keywords: ["spa", "massage"] },
  { term: "nudity", phrases: ["nudity", "nude", "naked", "onsen", "nudist"], keywords: ["nudity"] },
  { term: "hot springs", phrases: ["hot spring", "hot tub", "thermal bath"], keywords: ["hot spring", "hot tub"] },
  { term: "yoga", phrases: ["yoga", "meditation retreat"], keywords: ["yoga"] },
  {
    term: "shows",
    phrases: ["theatre", "theater", "show", "musical", "performance", "cabaret", "opera"],
    keywords: ["theatre", "show", "performance", "comedy"],
  },
  { term: "live music", phrases: ["live music", "concert", "gig"], keywords: ["live music"] },
  {
    term: "loud places",
    phrases: ["loud", "noise", "noisy", "loud music"],
    keywords: ["loud", "live music", "nightclub", "party"],
  },
  {
    term: "enclosed spaces",
    phrases: [
      "cave",
      "tunnel",
      "underground",
      "enclosed space",
      "confined space",
      "claustrophobia",
      "dark",
      "dark place",
      "narrow space",
    ],
    keywords: ["enclosed space", "underground", "dark", "narrow spaces", "cave"],
  },
  { term: "gambling", phrases: ["gambling", "casino", "betting"], keywords: ["gambling", "casino"] },
  { term: "sports events", phrases: ["sport", "stadium", "sports game", "match"], keywords: ["sport", "stadium"] },
  {
    term: "thrill rides",
    phrases: [
      "thrill",
      "adrenaline",
      "rollercoaster",
      "roller coaster",
      "zipline",
      "zip line",
      "bungee",
      "skydiving",
      "extreme sport",
    ],
    keywords: ["thrill", "adrenaline", "zipline", "speed"],
  },
  {
    term: "motion sickness",
    phrases: ["motion sickness", "seasick", "seasickness", "carsick", "bumpy ride", "winding road"],
    keywords: ["seasickness", "winding roads", "bumpy", "motion sickness"],
  },
  { term: "helicopters", phrases: ["helicopter", "scenic flight", "small plane"], keywords: ["helicopter", "flying"] },
  {
    term: "skiing",
    phrases: ["ski", "skiing", "snowboard", "snowboarding", "winter sport"],
    keywords: ["skiing", "ski"],
    vibes: ["winter-sports"],
  },
  { term: "smoke", phrases: ["smoke", "smoking", "tobacco", "cigar", "cigarette"], keywords: ["smoke", "tobacco"] },
  { term: "camping", phrases: ["camping", "camp", "tent"], keywords: ["camping"] },
  { term: "fishing", phrases: ["fishing"], keywords: ["fishing"] },
  {
    term: "beaches",
    phrases: ["beach", "seaside", "sand", "coast", "beach holiday", "beach vacation"],
    keywords: ["beach", "sand"],
    vibes: ["beach"],
  },
  {
    term: "big cities",
    phrases: ["big city", "city", "urban", "metropolis", "city break", "concrete jungle"],
    keywords: ["big city"],
    vibes: ["city"],
    wholePlace: true,
  },
  { term: "mountains", phrases: ["mountain", "alp", "mountain trip"], keywords: ["mountains"], wholePlace: true },
  {
    term: "altitude",
    phrases: ["altitude", "high altitude", "elevation", "altitude sickness", "thin air"],
    keywords: ["altitude", "altitude sickness"],
    wholePlace: true,
  },
  {
    term: "tropics",
    phrases: ["tropical", "tropic", "jungle", "rainforest"],
    keywords: ["tropical"],
    wholePlace: true,
  },
  { term: "islands", phrases: ["island"], keywords: ["island"], wholePlace: true },
  { term: "deserts", phrases: ["desert"], keywords: ["desert"], wholePlace: true },
  {
    term: "remote places",
    phrases: ["remote", "middle of nowhere", "isolated"],
    keywords: ["remote"],
    wholePlace: true,
  },
  {
    term: "expensive places",
    phrases: ["expensive", "pricey", "overpriced", "luxury"],
    keywords: ["expensive"],
    wholePlace: true,
  },
];

/** Weather words, judged against the travel month's climate normals (not against keywords). */
export const CLIMATE_WORDS: Record<"cold" | "hot" | "humid" | "rainy" | "snowy", string[]> = {
  cold: ["cold", "freezing", "chilly", "cold weather", "winter weather", "low temperature", "frost", "frosty"],
  hot: ["hot", "heat", "hot weather", "heatwave", "heat wave", "scorching", "sweltering", "high temperature"],
  humid: ["humid", "humidity", "muggy", "sticky", "sticky weather"],
  rainy: ["rain", "rainy", "wet", "wet weather", "monsoon", "rainy season", "wet season", "downpour"],
  snowy: ["snow", "snowy", "blizzard", "snowfall"],
};

/** Words that carry no meaning in a hard no ("no hiking, please", "I really hate heights", "nothing with boats"). */
export const FILLER = new Set(
  (
    "no not none never avoid avoiding without nothing any anything dont don't do doe hate hates hating dislike dislikes " +
    "please i im i'm we me my our us with the a an of for to too very really much can't cant cannot stand is are am be " +
    "at all or and nor neither either absolutely definitely strictly thing thank thanks kind sort type "
  )
    .trim()
    .split(/\s+/),
);

/**
 * Hard no's written in other languages, offline: each phrase becomes the English words
 * the parser knows (on the Gemini path the normalizer model interprets them instead).
 * Longest phrases are replaced first.
 */
export const FOREIGN_PHRASES: Record<string, string> = {
  // Spanish
  "vuelos largos": "long flights",
  "vuelos de mas de": "flights over",
  playa: "beach",
  playas: "beach",
  senderismo: "hiking",
  caminatas: "hiking",
  caminata: "hiking",
  excursionismo: "hiking",
  barco: "boat",
  barcos: "boat",
  frio: "cold",
  calor: "heat",
  humedad: "humidity",
  lluvia: "rain",
  museos: "museum",
  museo: "museum",
  multitudes: "crowds",
  muchedumbre: "crowds",
  alturas: "heights",
  altura: "heights",
  "vida nocturna": "nightlife",
  alcohol: "alcohol",
  mariscos: "seafood",
  picante: "spicy",
  nieve: "snow",
  animales: "animals",
  montana: "mountains",
  montanas: "mountains",
  "en el extranjero": "abroad",
  extranjero: "abroad",
  // French
  "vols longs": "long flights",
  "longs vols": "long flights",
  plage: "beach",
  plages: "beach",
  randonnee: "hiking",
  randonnees: "hiking",
  bateau: "boat",
  bateaux: "boat",
  froid: "cold",
  chaleur: "heat",
  humidite: "humidity",
  pluie: "rain",
  musees: "museum",
  musee: "museum",
  foule: "crowds",
  foules: "crowds",
  hauteurs: "heights",
  hauteur: "heights",
  vertige: "heights",
  "vie nocturne": "nightlife",
  "fruits de mer": "seafood",
  epice: "spicy",
  epicee: "spicy",
  neige: "snow",
  montagne: "mountains",
  montagnes: "mountains",
  "a l'etranger": "abroad",
  etranger: "abroad",
  // German
  "lange fluge": "long flights",
  "lange flug": "long flights",
  langstreckenfluge: "long flights",
  strand: "beach",
  strande: "beach",
  wandern: "hiking",
  wanderung: "hiking",
  wanderungen: "hiking",
  boot: "boat",
  boote: "boat",
  schiff: "boat",
  kalte: "cold",
  kalt: "cold",
  hitze: "heat",
  feuchtigkeit: "humidity",
  schwul: "humid",
  regen: "rain",
  museen: "museum",
  menschenmassen: "crowds",
  hohen: "heights",
  hohenangst: "heights",
  nachtleben: "nightlife",
  meeresfruchte: "seafood",
  scharf: "spicy",
  schnee: "snow",
  tiere: "animals",
  berg: "mountains",
  berge: "mountains",
  kunst: "art",
  ausland: "abroad",
  // Italian
  "voli lunghi": "long flights",
  spiaggia: "beach",
  spiagge: "beach",
  escursioni: "hiking",
  escursionismo: "hiking",
  barca: "boat",
  barche: "boat",
  freddo: "cold",
  caldo: "heat",
  umidita: "humidity",
  pioggia: "rain",
  musei: "museum",
  folla: "crowds",
  altezze: "heights",
  "vita notturna": "nightlife",
  "frutti di mare": "seafood",
  piccante: "spicy",
  neve: "snow",
  animali: "animals",
  montagna: "mountains",
  estero: "abroad",
  // Portuguese
  "voos longos": "long flights",
  praia: "beach",
  praias: "beach",
  trilha: "hiking",
  trilhas: "hiking",
  caminhada: "hiking",
  caminhadas: "hiking",
  umidade: "humidity",
  chuva: "rain",
  museus: "museum",
  multidoes: "crowds",
  "vida noturna": "nightlife",
  "frutos do mar": "seafood",
  apimentado: "spicy",
  montanha: "mountains",
  montanhas: "mountains",
  exterior: "abroad",
};

/** Negations and filler in those languages, dropped like the English ones. */
export const FOREIGN_FILLER = new Set(
  (
    "sin nada de ni odio evitar por favor favor " + // es
    "pas de sans non aucun aucune je deteste eviter s'il vous plait svp les des du le la " + // fr
    "kein keine keinen nicht ohne bitte ich hasse mag " + // de
    "niente senza nessun nessuna odio " + // it
    "sem nao nenhum nenhuma odeio"
  ) // pt
    .split(/\s+/)
    .filter(Boolean),
);
