import "server-only";
import { type Continent, fold, type GazetteerCity, gazetteer } from "@/lib/places/gazetteer";

/**
 * A member's home city, as the planner prices and judges it. Free text ("Austin, TX",
 * "London", "São Paulo, Brazil") resolves to one place with its country; a name that
 * several real places share closely ("Portland", "Birmingham") asks which one instead
 * of guessing; a name we can't find is reported, with the region or country it names
 * when it names one, so costs can be estimated and marked unverified.
 */

export type Place = {
  kind: "city" | "region" | "country";
  /** Stable: "city:5746545", "region:US.TX", "country:DE". */
  id: string;
  name: string;
  /** Admin region (state, province) name, when known. */
  region: string | null;
  countryCode: string;
  country: string;
  continent: Continent;
  lat: number;
  lon: number;
  /** Unambiguous text that resolves back to this place: "Portland, Oregon, United States". */
  label: string;
};

export type PlaceResolution =
  | { status: "resolved"; place: Place }
  | { status: "ambiguous"; options: Place[] }
  /** `approximate`: the region or country the text names, when it names one ("Smallville, Kansas"). */
  | { status: "unknown"; approximate: Place | null };

/** A clear winner: the largest match is at least this many times the next one (Boston, MA over Boston, UK). */
const DOMINANCE = 12;
/** A city this big makes a same-named region or country a real question. */
const BIG_CITY = 500_000;
const MAX_OPTIONS = 6;

/**
 * Short names people really type for big metros: [GeoNames name, country code], or an
 * admin region's key. Two targets make the name a question ("Washington": the capital or
 * the state).
 */
const ALIASES: Record<string, ([string, string] | { region: string })[]> = {
  washington: [["Washington, D.C.", "US"], { region: "US.WA" }],
  nyc: [["New York City", "US"]],
  "new york": [["New York City", "US"]],
  "new york ny": [["New York City", "US"]],
  "new york usa": [["New York City", "US"]],
  "new york us": [["New York City", "US"]],
  "new york united states": [["New York City", "US"]],
  la: [["Los Angeles", "US"]],
  sf: [["San Francisco", "US"]],
  "san fran": [["San Francisco", "US"]],
  dc: [["Washington, D.C.", "US"]],
  "washington dc": [["Washington, D.C.", "US"]],
  "washington d c": [["Washington, D.C.", "US"]],
  philly: [["Philadelphia", "US"]],
  vegas: [["Las Vegas", "US"]],
  nola: [["New Orleans", "US"]],
  cdmx: [["Mexico City", "MX"]],
  saigon: [["Ho Chi Minh City", "VN"]],
  bombay: [["Mumbai", "IN"]],
  rio: [["Rio de Janeiro", "BR"]],
};

/**
 * Local names of big cities the packaged GeoNames data lists only by their English name
 * (its alternate names are not in the package): "München" is Munich.
 */
const ENDONYMS: Record<string, [string, string]> = {
  munchen: ["Munich", "DE"],
  frankfurt: ["Frankfurt am Main", "DE"],
  wien: ["Vienna", "AT"],
  roma: ["Rome", "IT"],
  milano: ["Milan", "IT"],
  napoli: ["Naples", "IT"],
  torino: ["Turin", "IT"],
  firenze: ["Florence", "IT"],
  venezia: ["Venice", "IT"],
  genova: ["Genoa", "IT"],
  lisboa: ["Lisbon", "PT"],
  praha: ["Prague", "CZ"],
  warszawa: ["Warsaw", "PL"],
  moskva: ["Moscow", "RU"],
  "sankt peterburg": ["Saint Petersburg", "RU"],
  kobenhavn: ["Copenhagen", "DK"],
  bruxelles: ["Brussels", "BE"],
  brussel: ["Brussels", "BE"],
  "den haag": ["The Hague", "NL"],
  athina: ["Athens", "GR"],
  bucuresti: ["Bucharest", "RO"],
  beograd: ["Belgrade", "RS"],
  kiev: ["Kyiv", "UA"],
  "ciudad de mexico": ["Mexico City", "MX"],
};

/** Cities with this folded name, including the city a local name stands for ("munchen" → Munich). */
export function citiesNamed(name: string): GazetteerCity[] {
  const g = gazetteer();
  const own = g.citiesByName.get(name) ?? [];
  const endonym = ENDONYMS[name];
  const local = endonym ? largestNamed(fold(endonym[0]), endonym[1]) : undefined;
  return local && !own.includes(local) ? [local, ...own] : own;
}

const resolved = new Map<string, PlaceResolution>();

/** Pure, and asked for the same home cities again and again: kept, up to a bound. */
export function resolvePlace(text: string | null | undefined): PlaceResolution {
  const key = (text ?? "").trim();
  const known = resolved.get(key);
  if (known) return known;
  const result = resolve(key);
  if (resolved.size > 5000) resolved.clear();
  resolved.set(key, result);
  return result;
}

function resolve(raw: string): PlaceResolution {
  if (!raw) return { status: "unknown", approximate: null };
  // A country picked from a list of options, where its name alone is also a region's ("Georgia (country)").
  const asCountry = raw.match(/^(.*)\(country\)\s*$/i);
  if (asCountry)
    return placeOrUnknown(countryPlace(gazetteer().countriesByName.get(fold(asCountry[1] ?? ""))?.code ?? ""));
  const alias = ALIASES[fold(raw)];
  if (alias) return resolveAlias(alias);
  // GeoNames names may hold a comma themselves ("Washington, D.C."): when the first part
  // alone isn't a place with those qualifiers, try the first two as the name, and so on.
  const parts = raw.split(",");
  let result: PlaceResolution = { status: "unknown", approximate: null };
  for (let k = 1; k <= parts.length; k++) {
    const name = fold(parts.slice(0, k).join(","));
    const qualifiers = parts.slice(k).map(fold).filter(Boolean);
    if (!name) continue;
    const attempt = qualifiers.length ? resolveQualified(name, qualifiers) : resolveBare(name);
    if (attempt.status !== "unknown") return attempt;
    if (result.status === "unknown" && !result.approximate) result = attempt;
  }
  return result;
}

function resolveAlias(targets: ([string, string] | { region: string })[]): PlaceResolution {
  const places = targets.flatMap((target) => {
    if (!Array.isArray(target)) return [regionPlace(target.region)].filter((p): p is Place => p !== null);
    const city = largestNamed(fold(target[0]), target[1]);
    return city ? [cityPlace(city)] : [];
  });
  const [first] = places;
  if (!first) return { status: "unknown", approximate: null };
  return places.length === 1 ? { status: "resolved", place: first } : { status: "ambiguous", options: places };
}

function largestNamed(name: string, countryCode?: string): GazetteerCity | undefined {
  return (gazetteer().citiesByName.get(name) ?? [])
    .filter((c) => !countryCode || c.countryCode === countryCode)
    .sort((a, b) => b.population - a.population)[0];
}

/** "Portland, Oregon", "Portland, ME", "London, UK", "Austin, TX, USA". Every qualifier must fit the city. */
function resolveQualified(cityName: string, qualifiers: string[]): PlaceResolution {
  const g = gazetteer();
  // Each qualifier may name a country or an admin region ("ME": Maine, or Montenegro).
  const tests = qualifiers.map((q) => ({
    country: g.countriesByName.get(q)?.code ?? null,
    admins: g.adminsByName.get(q) ?? [],
  }));
  if (tests.some((t) => t.country === null && t.admins.length === 0)) return { status: "unknown", approximate: null };
  const fits = (countryCode: string, adminKey: string | null) =>
    tests.every((t) => t.country === countryCode || (adminKey !== null && t.admins.includes(adminKey)));
  const matches = citiesNamed(cityName).filter((c) => fits(c.countryCode, `${c.countryCode}.${c.adminCode}`));
  // "Texas, United States", "Georgia, USA": a region, unless a big city has its name ("São Paulo, Brazil").
  const regions = (g.adminsByName.get(cityName) ?? []).filter(
    (key) => fold(g.adminNames.get(key) ?? "") === cityName && fits(key.split(".")[0] ?? "", null),
  );
  const region = regions.length === 1 && regions[0] ? regionPlace(regions[0]) : null;
  if (region && !matches.some((c) => c.population >= BIG_CITY)) return { status: "resolved", place: region };
  if (matches.length) return pickCity(matches);
  // The city isn't one we know: say so, with the region or country the text named.
  const admins = [...new Set(tests.flatMap((t) => t.admins))].filter((key) => fits(key.split(".")[0] ?? "", key));
  const countries = [...new Set(tests.flatMap((t) => (t.country ? [t.country] : [])))].filter((c) => fits(c, null));
  const approximate =
    admins.length === 1 && admins[0]
      ? regionPlace(admins[0])
      : countries.length === 1 && countries[0]
        ? countryPlace(countries[0])
        : null;
  return { status: "unknown", approximate };
}

/** "Portland", "Germany", "Texas", "Georgia", "Tokyo". */
function resolveBare(name: string): PlaceResolution {
  const g = gazetteer();
  const country = g.countriesByName.get(name) ?? null;
  // A bare region counts only by its full name ("Texas", not "TX"), and a country's own
  // region of the same name ("México" in Mexico) is not a second meaning of the country.
  const admins = (g.adminsByName.get(name) ?? []).filter(
    (key) => fold(g.adminNames.get(key) ?? "") === name && (!country || !key.startsWith(`${country.code}.`)),
  );
  const cities = [...citiesNamed(name)].sort((a, b) => b.population - a.population);
  const [biggest] = cities;
  const bigCity = biggest && biggest.population >= BIG_CITY ? biggest : null;

  if (country && admins.length === 0) return placeOrUnknown(countryPlace(country.code));
  // A big city named like its own region is the city ("Tokyo", "São Paulo", "Dubai").
  const ownRegion = bigCity ? admins.filter((key) => key !== `${bigCity.countryCode}.${bigCity.adminCode}`) : admins;
  if (bigCity && admins.length > 0 && ownRegion.length === 0 && !country) {
    return { status: "resolved", place: cityPlace(bigCity) };
  }
  const areas = [country ? countryPlace(country.code) : null, ...ownRegion.map(regionPlace)].filter(
    (p): p is Place => p !== null,
  );
  if (areas.length === 1 && !bigCity && areas[0]) return { status: "resolved", place: areas[0] };
  if (areas.length > 0) {
    // "Georgia": a country and a US state. Its label says which, so picking it resolves it.
    const labelled = areas.map((p) => (p.kind === "country" ? { ...p, label: `${p.name} (country)` } : p));
    const options = dedupe([...(bigCity ? [cityPlace(bigCity)] : []), ...labelled]);
    return options.length === 1 && options[0]
      ? { status: "resolved", place: options[0] }
      : { status: "ambiguous", options: options.slice(0, MAX_OPTIONS) };
  }
  if (cities.length) return pickCity(cities);
  return { status: "unknown", approximate: null };
}

function placeOrUnknown(place: Place | null): PlaceResolution {
  return place ? { status: "resolved", place } : { status: "unknown", approximate: null };
}

function pickCity(matches: GazetteerCity[]): PlaceResolution {
  const sorted = [...matches].sort((a, b) => b.population - a.population);
  const [first, second] = sorted;
  if (!first) return { status: "unknown", approximate: null };
  if (!second || first.population >= DOMINANCE * Math.max(second.population, 1)) {
    return { status: "resolved", place: cityPlace(first) };
  }
  const options = dedupe(sorted.map(cityPlace));
  if (options.length === 1 && options[0]) return { status: "resolved", place: options[0] };
  return { status: "ambiguous", options: options.slice(0, MAX_OPTIONS) };
}

export function cityPlace(city: GazetteerCity): Place {
  const g = gazetteer();
  const country = g.countriesByCode.get(city.countryCode);
  const region = g.adminNames.get(`${city.countryCode}.${city.adminCode}`) ?? null;
  const countryName = country?.name ?? city.countryCode;
  const parts = [
    city.name,
    region && region !== city.name ? region : null,
    countryName !== city.name ? countryName : null,
  ];
  return {
    kind: "city",
    id: `city:${city.id}`,
    name: city.name,
    region,
    countryCode: city.countryCode,
    country: countryName,
    continent: country?.continent ?? "NA",
    lat: city.lat,
    lon: city.lon,
    label: parts.filter(Boolean).join(", "),
  };
}

/** A region stands at its largest city. */
function regionPlace(adminKey: string): Place | null {
  const g = gazetteer();
  const largest = g.largestInAdmin.get(adminKey);
  const name = g.adminNames.get(adminKey);
  const country = g.countriesByCode.get(adminKey.split(".")[0] ?? "");
  if (!largest || !name || !country) return null;
  return {
    kind: "region",
    id: `region:${adminKey}`,
    name,
    region: name,
    countryCode: country.code,
    country: country.name,
    continent: country.continent,
    lat: largest.lat,
    lon: largest.lon,
    label: `${name}, ${country.name}`,
  };
}

/** A country stands at its capital (or, failing that, its largest city). */
function countryPlace(code: string): Place | null {
  const g = gazetteer();
  const country = g.countriesByCode.get(code);
  if (!country) return null;
  const capital = (g.citiesByName.get(fold(country.capital)) ?? [])
    .filter((c) => c.countryCode === code)
    .sort((a, b) => b.population - a.population)[0];
  const at = capital ?? g.largestInCountry.get(code);
  if (!at) return null;
  return {
    kind: "country",
    id: `country:${code}`,
    name: country.name,
    region: null,
    countryCode: code,
    country: country.name,
    continent: country.continent,
    lat: at.lat,
    lon: at.lon,
    label: country.name,
  };
}

function dedupe(places: Place[]): Place[] {
  const seen = new Set<string>();
  return places.filter((p) => {
    if (seen.has(p.label)) return false;
    seen.add(p.label);
    return true;
  });
}
