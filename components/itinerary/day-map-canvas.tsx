"use client";

import "leaflet/dist/leaflet.css";
import { useEffect, useRef } from "react";
import type { DayMapData, MapLeg } from "@/lib/planning/day-map";
import { STAY_RADIUS_KM } from "@/lib/planning/day-map";

/** How each kind of leg is drawn (the list above the map says the mode in words). */
const LEG_STYLE: Record<MapLeg["mode"] | "indirect", { className: string; dashArray?: string; weight: number }> = {
  walk: { className: "stroke-brand-500", dashArray: "2 5", weight: 3 },
  transit: { className: "stroke-brand-700", weight: 3.5 },
  drive: { className: "stroke-slate-700", dashArray: "8 5", weight: 3.5 },
  // A stop without a known place is between the two.
  indirect: { className: "stroke-slate-400", dashArray: "1 6", weight: 2 },
};

/**
 * The Leaflet map of one day (see components/itinerary/day-map.tsx). A picture, not a control:
 * no zoom buttons, dragging or keyboard focus (Leaflet then makes nothing in it focusable), so
 * the whole is one image with a label. Leaflet is loaded with the page's own scripts (cached by
 * the service worker like every /_next/static file); the default base is a grid layer drawn in
 * the browser, and markers are HTML, so nothing is fetched unless `tiles` is given.
 */
export function DayMapCanvas({ map, label, tiles }: { map: DayMapData; label: string; tiles: { url: string } | null }) {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let cancelled = false;
    let dispose = () => {};
    import("leaflet").then(({ default: L }) => {
      if (cancelled) return;
      const leaflet = L.map(element, {
        zoomControl: false,
        attributionControl: false,
        dragging: false,
        touchZoom: false,
        scrollWheelZoom: false,
        doubleClickZoom: false,
        boxZoom: false,
        keyboard: false,
        zoomSnap: 0.25,
      });
      dispose = () => leaflet.remove();
      const { south, west, north, east } = map.frame;
      leaflet.fitBounds([
        [south, west],
        [north, east],
      ]);
      if (tiles) L.tileLayer(tiles.url, { maxZoom: 19 }).addTo(leaflet);
      else new (gridLayer(L))().addTo(leaflet);
      L.control.scale({ imperial: false, position: "bottomleft" }).addTo(leaflet);

      for (const stay of map.stays) {
        const name = document.createElement("span");
        name.textContent = `Stay: ${stay.name}`;
        L.circle([stay.at.lat, stay.at.lon], {
          radius: STAY_RADIUS_KM * 1000,
          className: "fill-amber-200 stroke-amber-500",
          fillOpacity: 0.5,
          weight: 1,
          interactive: false,
        })
          .bindTooltip(name, { permanent: true, direction: "center", className: "day-map-stay" })
          .addTo(leaflet);
      }
      const at = (n: number) => map.stops.find((s) => s.n === n)?.at;
      for (const leg of map.legs) {
        const [a, b] = [at(leg.from), at(leg.to)];
        if (!a || !b) continue;
        const style = LEG_STYLE[leg.direct ? leg.mode : "indirect"];
        L.polyline(
          [
            [a.lat, a.lon],
            [b.lat, b.lon],
          ],
          { ...style, className: style.className, lineCap: "round", interactive: false },
        ).addTo(leaflet);
      }
      for (const stop of map.stops) {
        L.marker([stop.at.lat, stop.at.lon], {
          icon: L.divIcon({
            className:
              "grid place-items-center rounded-full border-2 border-white bg-brand-600 text-[11px] font-semibold text-white shadow",
            html: `<span data-stop="${stop.n}">${stop.n}</span>`,
            iconSize: [22, 22],
          }),
          keyboard: false,
          interactive: false,
        }).addTo(leaflet);
      }
    });
    return () => {
      cancelled = true;
      dispose();
    };
  }, [map, tiles]);
  return (
    // The label on a wrapper, Leaflet's own elements (an SVG, panes) hidden inside it.
    <div role="img" aria-label={label} className="w-full max-w-md">
      <div
        ref={container}
        aria-hidden
        className="h-56 w-full overflow-hidden rounded-xl border border-slate-200 bg-slate-50"
      />
    </div>
  );
}

/** A plain grid as the map's base: one bordered square per 256 px tile, drawn here, nothing loaded. */
function gridLayer(L: typeof import("leaflet")) {
  return L.GridLayer.extend({
    createTile() {
      const tile = document.createElement("div");
      tile.className = "border-r border-b border-slate-200";
      return tile;
    },
  });
}
