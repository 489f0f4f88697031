import { notFound } from "next/navigation";
import { planPreviewImage } from "@/components/share/preview-image";
import { loadSharedPlan } from "./load";

export const alt = "A group trip plan made with TripSync";
export const size = { width: 1200, height: 630 };
export const contentType = "image/png";

/** The share link's preview card (the same rules as the page: a dead link is a 404). */
export default async function Image({ params }: { params: Promise<{ token: string }> }) {
  const plan = (await loadSharedPlan((await params).token))?.plan;
  if (!plan) notFound();
  return planPreviewImage(plan, size);
}
