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
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = EnvSchema.safeParse({
    ...source,
    // An empty value in a .env file means "not set".
    DATABASE_URL: source.DATABASE_URL || undefined,
    PGLITE_DIR: source.PGLITE_DIR || undefined,
  });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
