import { eventType } from "inngest";
import { z } from "zod";
import { RUN_KINDS } from "@/lib/db/schema";

/** A run was asked for; its row already exists (created by the app, which decides its kind). */
export const runRequested = eventType("trip/run.requested", {
  schema: z.object({ tripId: z.uuid(), runId: z.uuid(), kind: z.enum(RUN_KINDS) }),
});
