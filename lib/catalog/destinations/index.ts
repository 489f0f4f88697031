import type { CatalogDestinationInput } from "@/lib/schemas/catalog";
import asheville from "./asheville.json";
import baliUbud from "./bali-ubud.json";
import banff from "./banff.json";
import bangkok from "./bangkok.json";
import barcelona from "./barcelona.json";
import capeTown from "./cape-town.json";
import chamonix from "./chamonix.json";
import chicago from "./chicago.json";
import cusco from "./cusco.json";
import edinburgh from "./edinburgh.json";
import honolulu from "./honolulu.json";
import kyoto from "./kyoto.json";
import laFortuna from "./la-fortuna.json";
import lisbon from "./lisbon.json";
import marrakech from "./marrakech.json";
import mexicoCity from "./mexico-city.json";
import miamiBeach from "./miami-beach.json";
import moab from "./moab.json";
import newOrleans from "./new-orleans.json";
import newYorkCity from "./new-york-city.json";
import paris from "./paris.json";
import parkCity from "./park-city.json";
import queenstown from "./queenstown.json";
import reykjavik from "./reykjavik.json";
import rome from "./rome.json";
import sanDiego from "./san-diego.json";
import sanFrancisco from "./san-francisco.json";
import santorini from "./santorini.json";
import sydney from "./sydney.json";
import tokyo from "./tokyo.json";
import tulum from "./tulum.json";

/**
 * The catalog seed: one JSON file per destination, validated with `CatalogDestination`
 * when first used. Bump `CATALOG_VERSION` whenever a file changes, so runs and stored
 * plans can say which facts they were made from.
 */
export const CATALOG_VERSION = "2026-11-27.1";

export const catalogSeed: CatalogDestinationInput[] = [
  newYorkCity as CatalogDestinationInput,
  sanFrancisco as CatalogDestinationInput,
  newOrleans as CatalogDestinationInput,
  honolulu as CatalogDestinationInput,
  miamiBeach as CatalogDestinationInput,
  parkCity as CatalogDestinationInput,
  moab as CatalogDestinationInput,
  asheville as CatalogDestinationInput,
  chicago as CatalogDestinationInput,
  sanDiego as CatalogDestinationInput,
  lisbon as CatalogDestinationInput,
  barcelona as CatalogDestinationInput,
  rome as CatalogDestinationInput,
  paris as CatalogDestinationInput,
  reykjavik as CatalogDestinationInput,
  chamonix as CatalogDestinationInput,
  santorini as CatalogDestinationInput,
  edinburgh as CatalogDestinationInput,
  marrakech as CatalogDestinationInput,
  capeTown as CatalogDestinationInput,
  tokyo as CatalogDestinationInput,
  kyoto as CatalogDestinationInput,
  bangkok as CatalogDestinationInput,
  baliUbud as CatalogDestinationInput,
  sydney as CatalogDestinationInput,
  queenstown as CatalogDestinationInput,
  mexicoCity as CatalogDestinationInput,
  tulum as CatalogDestinationInput,
  cusco as CatalogDestinationInput,
  laFortuna as CatalogDestinationInput,
  banff as CatalogDestinationInput,
];
