import { eventType } from "inngest";
import { z } from "zod";

/** The organizer asked for recommendations; the run row already exists (created by the app). */
export const recommendationsRequested = eventType("trip/recommendations.requested", {
  schema: z.object({ tripId: z.string().uuid(), runId: z.string().uuid() }),
});
