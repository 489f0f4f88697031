/**
 * `npm run record:gemini`: records the Gemini responses the tests replay
 * (test/fixtures/gemini) again, from the real API. Needs GOOGLE_GENERATIVE_AI_API_KEY; runs
 * the recommendation pipeline for the recordings' two groups (test/gemini-group.ts) on an
 * in-memory database and writes each response, as Gemini returned it, to the file the
 * tests answer that request from, labelled with when and from which model it was recorded:
 * `GEMINI_GROUP`'s into the folder, `WORLD_GROUP`'s (a member suggests a place the catalog
 * doesn't have) into world/, where they answer first for that group. A place researched
 * beyond the catalog is recorded under world/ by its slug.
 * Re-recorded responses differ from the old ones: re-check the tests that pin their words
 * (and the places `withPlantedFaults` plants faults on).
 *
 * `npm run record:gemini -- --assistant` records the assistant's evaluation set instead
 * (scripts/record-assistant.ts); `-- --assistant --offline` writes those files from the
 * offline assistant in Gemini's shape, without a key or network.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { geminiModels } from "@/lib/ai/models";
import { hashToken, newToken } from "@/lib/auth/tokens";
import { closeDb } from "@/lib/db/client";
import { createRunOrGetActive, getRun } from "@/lib/db/queries/runs";
import { createTripWithOrganizer } from "@/lib/db/queries/trips";
import { runLocal } from "@/lib/pipeline/local-runner";
import { MemberPreferences } from "@/lib/schemas/preferences";
import { GEMINI_GROUP, WORLD_GROUP } from "@/test/gemini-group";
import { type GeminiRequest, RECORDINGS_DIR, recordingFor } from "@/test/gemini-recordings";
import { recordAssistant } from "./record-assistant";

const flags = process.argv.slice(2);
const assistant = flags.includes("--assistant");
const offline = flags.includes("--offline");
const unknown = flags.filter((f) => f !== "--assistant" && f !== "--offline");
if (unknown.length || (offline && !assistant)) {
  console.error("Usage: npm run record:gemini [-- --assistant [--offline]] (nothing was changed).");
  process.exit(1);
}
const apiKey = process.env.GOOGLE_GENERATIVE_AI_API_KEY;
if (!apiKey && !offline) {
  console.error("Set GOOGLE_GENERATIVE_AI_API_KEY to record the Gemini responses again (nothing was changed).");
  process.exit(1);
}

delete process.env.DATABASE_URL;
process.env.PGLITE_DIR = "memory://";

const written: string[] = [];

/** Runs the pipeline for `group`, writing each response to its file (under `into` unless already under world/). */
async function record(group: typeof GEMINI_GROUP, into: string): Promise<string | undefined> {
  const recordingFetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    const file = recordingFor(JSON.parse(String(init?.body)) as GeminiRequest["body"]);
    if (file && response.ok) {
      const body = (await response.clone().json()) as Record<string, unknown>;
      const label = {
        recording: `Recorded from ${String(input).split("/models/")[1]?.split(":")[0]} on ${new Date().toISOString()} by npm run record:gemini`,
      };
      const target = file.startsWith("world/") ? file : path.join(into, file);
      mkdirSync(path.dirname(path.join(RECORDINGS_DIR, target)), { recursive: true });
      writeFileSync(path.join(RECORDINGS_DIR, target), `${JSON.stringify({ ...label, ...body }, null, 2)}\n`);
      written.push(target);
    }
    return response;
  };
  const { trip } = await createTripWithOrganizer({
    name: "Recording trip",
    inviteToken: newToken(),
    organizer: { name: "Organizer", tokenHash: hashToken(newToken()) },
    answeredMembers: group.map((m) => ({ name: m.name, preferences: MemberPreferences.parse(m.answers) })),
  });
  const { run } = await createRunOrGetActive({
    tripId: trip.id,
    kind: "recommendations",
    engine: "local",
    requestedBy: null,
  });
  await runLocal(run.id, {
    models: geminiModels({ apiKey: apiKey as string, fetch: recordingFetch as typeof fetch }),
    now: () => new Date(),
    sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
  });
  return (await getRun({ runId: run.id }))?.status;
}

if (assistant) {
  await recordAssistant({ apiKey, offline });
  await closeDb();
} else {
  const statuses = [await record(GEMINI_GROUP, ""), await record(WORLD_GROUP, "world")];
  await closeDb();
  console.log(`Runs ${statuses.join(", ")}; recorded ${new Set(written).size} files in ${RECORDINGS_DIR}:`);
  for (const file of [...new Set(written)].sort()) console.log(`  ${file}`);
}
