import { ImageResponse } from "next/og";
import { formatRange, formatUsd, plural } from "@/lib/format";
import type { SharedPlan } from "@/lib/schemas/itinerary";
import { planHeadline } from "@/lib/share/plan";

/** The link preview of a shared plan (Open Graph and Twitter cards): where, when, how long, how much — no names. */
export function planPreviewImage(plan: SharedPlan, size: { width: number; height: number }): ImageResponse {
  const when = plan.dates.start && plan.dates.end ? formatRange(plan.dates.start, plan.dates.end) : null;
  const firstDays = plan.days.slice(0, 3).map((d) => `Day ${d.day}: ${d.title.replace(/^Day \d+\s*[·:—-]\s*/, "")}`);
  return new ImageResponse(
    <div
      style={{
        width: "100%",
        height: "100%",
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        padding: 64,
        background: "linear-gradient(135deg, #eef2ff 0%, #ffffff 60%)",
        color: "#0f172a",
      }}
    >
      <div style={{ display: "flex", justifyContent: "space-between", fontSize: 30, color: "#4338ca" }}>
        <span style={{ fontWeight: 700 }}>TripSync</span>
        <span>{plan.status === "draft" ? "Draft plan" : "Final plan"}</span>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 12 }}>
        <span style={{ fontSize: 34, color: "#334155" }}>
          {plan.destination.name}, {plan.destination.country}
        </span>
        <span style={{ fontSize: 76, fontWeight: 700, lineHeight: 1.05 }}>{planHeadline(plan)}</span>
        <span style={{ fontSize: 34, color: "#334155" }}>
          {[when, plural(plan.dates.nights, "night"), `a group of ${plan.groupSize}`].filter(Boolean).join(" · ")}
        </span>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 6, fontSize: 26, color: "#475569" }}>
        {firstDays.map((line) => (
          <span key={line}>{line.length > 70 ? `${line.slice(0, 69)}…` : line}</span>
        ))}
        <span style={{ color: "#0f172a", marginTop: 8 }}>From {formatUsd(plan.costRange.low)} per person</span>
      </div>
    </div>,
    size,
  );
}
