import type { LatLon } from "@/lib/places/geo";
import { dayMapData, dayMapLabel } from "@/lib/planning/day-map";
import type { MapTiles } from "@/lib/planning/map-tiles";
import type { DayRoute } from "@/lib/schemas/day-route";
import { DayMapCanvas } from "./day-map-canvas";

/**
 * A day's stops and the legs between them on a small map (Leaflet, components/itinerary/day-map-canvas.tsx):
 * stops carry the numbers the day's list shows, suggested stay areas are shaded discs. By default
 * the map is drawn over a plain grid from the stops' coordinates — no tiles, no request outside
 * the app, so it works offline; with MAP_TILES_URL set, over the operator's tiles. The list stays
 * the accessible view: the picture has one label saying what it shows, and its caption (rendered
 * here, readable without JavaScript) names what it leaves out.
 */
export function DayMap({
  route,
  stayAreas = [],
  tiles = null,
}: {
  route: DayRoute;
  stayAreas?: { name: string; coordinates: LatLon }[];
  tiles?: MapTiles | null;
}) {
  const map = dayMapData(route, stayAreas);
  if (!map) return null;
  return (
    <figure className="mt-3 print:hidden" data-day-map={route.day}>
      <DayMapCanvas map={map} label={dayMapLabel(map)} tiles={tiles ? { url: tiles.url } : null} />
      <figcaption className="mt-1 text-xs text-slate-600">
        Stops numbered as in the list; straight lines, not the streets.
        {map.unplaced.length
          ? ` Not on the map (no known place): ${map.unplaced.map((s) => `${s.n} ${s.name}`).join(", ")}.`
          : ""}
        {map.staysOff.length ? ` Stay areas off this map: ${map.staysOff.join(", ")}.` : ""}
        {tiles?.attribution ? ` Map tiles: ${tiles.attribution}.` : ""}
      </figcaption>
    </figure>
  );
}
