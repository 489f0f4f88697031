import { z } from "zod";

/**
 * Every environment variable the product reads, validated once. Nothing else reads
 * `process.env` for configuration. Each unset variable selects the embedded default.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  /** A real Postgres (postgres.js). Unset → embedded PGlite. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must start with postgres:// or postgresql://")
    .optional(),
  /** Where PGlite keeps its files (`memory://` for a throwaway in-memory database). */
  PGLITE_DIR: z.string().min(1).default(".data/pglite"),
  /** Gemini via @ai-sdk/google. Unset → the offline planner model (answers from lib/catalog). */
  GOOGLE_GENERATIVE_AI_API_KEY: z.string().min(1).optional(),
  /** Inngest Cloud (event key) or a self-hosted/dev server (`INNGEST_DEV=1`). Unset → the local durable runner. */
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_DEV: z.string().min(1).optional(),
  /** Offline model only: simulated latency per call in ms (demos and benchmarks). */
  OFFLINE_MODEL_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse({
    ...source,
    // An empty value in a .env file means "not set".
    DATABASE_URL: source.DATABASE_URL || undefined,
    PGLITE_DIR: source.PGLITE_DIR || undefined,
    GOOGLE_GENERATIVE_AI_API_KEY: source.GOOGLE_GENERATIVE_AI_API_KEY || undefined,
    INNGEST_EVENT_KEY: source.INNGEST_EVENT_KEY || undefined,
    INNGEST_DEV: source.INNGEST_DEV || undefined,
    OFFLINE_MODEL_LATENCY_MS: source.OFFLINE_MODEL_LATENCY_MS || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
