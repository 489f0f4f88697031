import { Inngest } from "inngest";

/**
 * The Inngest app. It reads its own settings from the environment (`INNGEST_EVENT_KEY`,
 * `INNGEST_SIGNING_KEY`, `INNGEST_DEV`); lib/env.ts decides whether it is used at all.
 */
export const inngest = new Inngest({ id: "tripsync" });
