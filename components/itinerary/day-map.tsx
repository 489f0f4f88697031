import type { LatLon } from "@/lib/places/geo";
import { dayMapLayout } from "@/lib/planning/day-map";
import type { DayRoute } from "@/lib/schemas/day-route";

/** How each kind of leg is drawn (the list above the map says the mode in words). */
const LEG_STYLE = {
  walk: { className: "stroke-brand-500", dash: "2 3", width: 2 },
  transit: { className: "stroke-brand-700", dash: undefined, width: 2.5 },
  drive: { className: "stroke-slate-700", dash: "6 3", width: 2.5 },
} as const;

/**
 * A day's stops and the legs between them on a small map drawn on the server as SVG: no tiles,
 * no script, no request outside the app (lib/planning/day-map.ts lays it out). Stops carry the
 * numbers the day's list shows; suggested stay areas are shaded discs. The list stays the
 * accessible view: the picture has one label saying what it shows, and its caption names
 * what it leaves out.
 */
export function DayMap({
  route,
  stayAreas = [],
}: {
  route: DayRoute;
  stayAreas?: { name: string; coordinates: LatLon }[];
}) {
  const map = dayMapLayout(route, stayAreas);
  if (!map) return null;
  const label = `Map of day ${route.day}: ${map.stops.map((s) => `${s.n} ${s.name}`).join(", ")}${
    map.stays.length ? `; stay area ${map.stays.map((s) => s.name).join(", ")}` : ""
  }`;
  return (
    <figure className="mt-3 print:hidden" data-day-map={route.day}>
      <svg
        viewBox={`0 0 ${map.width} ${map.height}`}
        role="img"
        aria-label={label}
        className="h-auto w-full max-w-md rounded-xl border border-slate-200 bg-slate-50"
      >
        <g className="stroke-slate-200" strokeWidth={1}>
          {map.grid.xs.map((x) => (
            <line key={`x${x}`} x1={x} x2={x} y1={0} y2={map.height} />
          ))}
          {map.grid.ys.map((y) => (
            <line key={`y${y}`} y1={y} y2={y} x1={0} x2={map.width} />
          ))}
        </g>
        {map.stays.map((s) => (
          <g key={s.name} data-stay={s.name}>
            <circle cx={s.x} cy={s.y} r={s.r} className="fill-amber-200/60 stroke-amber-500" strokeWidth={1} />
            <text x={s.x} y={s.y + s.r + 10} textAnchor="middle" className="fill-amber-900 text-[9px]">
              Stay: {s.name}
            </text>
          </g>
        ))}
        {map.legs.map((leg) => {
          const style = leg.direct ? LEG_STYLE[leg.mode] : { className: "stroke-slate-400", dash: "1 4", width: 1.5 };
          return (
            <line
              key={`${leg.from}-${leg.to}`}
              data-leg={`${leg.from}-${leg.to}`}
              x1={leg.x1}
              y1={leg.y1}
              x2={leg.x2}
              y2={leg.y2}
              className={style.className}
              strokeWidth={style.width}
              strokeDasharray={style.dash}
              strokeLinecap="round"
            />
          );
        })}
        {map.stops.map((s) => (
          <g key={s.key} data-stop={s.n}>
            <circle cx={s.x} cy={s.y} r={9} className="fill-brand-600 stroke-white" strokeWidth={2} />
            <text x={s.x} y={s.y + 3.5} textAnchor="middle" className="fill-white text-[10px] font-semibold">
              {s.n}
            </text>
          </g>
        ))}
        <g className="fill-slate-600 stroke-slate-600" transform={`translate(8 ${map.height - 8})`}>
          <line x1={0} x2={map.scale.px} y1={0} y2={0} strokeWidth={2} />
          <text x={map.scale.px + 4} y={3} className="stroke-0 text-[9px]">
            {map.scale.km < 1 ? `${map.scale.km * 1000} m` : `${map.scale.km} km`}
          </text>
        </g>
      </svg>
      <figcaption className="mt-1 text-xs text-slate-600">
        Stops numbered as in the list; straight lines, not the streets.
        {map.unplaced.length
          ? ` Not on the map (no known place): ${map.unplaced.map((s) => `${s.n} ${s.name}`).join(", ")}.`
          : ""}
        {map.staysOff.length ? ` Stay areas off this map: ${map.staysOff.join(", ")}.` : ""}
      </figcaption>
    </figure>
  );
}
