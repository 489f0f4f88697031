import { z } from "zod";

/**
 * Every environment variable the product reads, validated once. Nothing else reads
 * `process.env` for configuration. Each unset variable selects the embedded default.
 */
/** `points/seconds`, e.g. `10/600` = 10 per 10 minutes. */
const RateLimit = z
  .string()
  .regex(/^\d+\/\d+$/, "use points/seconds, e.g. 10/600")
  .transform((value) => {
    const [points, seconds] = value.split("/").map(Number) as [number, number];
    return { points, seconds };
  });

const GeminiModelId = z
  .string()
  .regex(/^gemini-[a-z0-9.-]+$/, "a Gemini model id such as gemini-2.5-flash or gemini-2.5-pro");

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
  /** The Gemini model for the fast roles (classify, extract, write from given facts) and for the ranker. */
  GEMINI_FAST_MODEL: GeminiModelId.default("gemini-2.5-flash"),
  GEMINI_STRONG_MODEL: GeminiModelId.default("gemini-2.5-flash"),
  /** Model calls in flight per server process (fan-outs wait for a slot; keeps a big group inside the provider's rate limits). */
  MODEL_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Inngest Cloud (event key) or a self-hosted/dev server (`INNGEST_DEV=1`). Unset → the local durable runner. */
  INNGEST_EVENT_KEY: z.string().min(1).optional(),
  INNGEST_DEV: z.string().min(1).optional(),
  /** Verifies that requests to /api/inngest come from Inngest (Cloud or a self-hosted `inngest start`). */
  INNGEST_SIGNING_KEY: z.string().min(1).optional(),
  /**
   * `INNGEST_DEV` skips request signatures, so /api/inngest serves it only under `next dev`.
   * `1` here lets a production server (`next start`) serve it too, unsigned — anyone who
   * can reach the server can then run steps; it is logged as INSECURE at every start.
   */
  INNGEST_DEV_ALLOW_UNSIGNED: z.stringbool().default(false),
  /**
   * The local runner's run lease in seconds: a process renews it every third of this while it
   * runs a run; a run whose process stopped renewing is taken over by another process after
   * the lease expires (within this plus a third of it: 20 s by default).
   */
  RUN_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
  /** Offline model only: simulated latency per call in ms (demos and benchmarks). */
  OFFLINE_MODEL_LATENCY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** pino level for the server log (JSON lines on stdout). Default: info (silent under vitest). */
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).optional(),
  /**
   * Whether cookies are marked Secure: `auto` follows the first X-Forwarded-Proto value
   * (the scheme the browser used at the outermost proxy), `always` / `never` override it.
   */
  COOKIE_SECURE: z.enum(["auto", "always", "never"]).default("auto"),
  /**
   * How many reverse proxies in front of this server append to X-Forwarded-For (0: none;
   * the client's address is the socket's peer and X-Forwarded-For is ignored).
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * The address people use to reach the app (`https://trips.example.com`), for absolute
   * links: share page, calendar subscriptions and events, invite link, previews.
   */
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: "PUBLIC_URL must be an http(s) URL such as https://trips.example.com" })
    .transform((value) => new URL(value).origin)
    .optional(),
  /**
   * Real map tiles under each day's map from the operator's provider: a URL template such as
   * `https://tile.example.com/{z}/{x}/{y}.png` (https, one host: no `{s}` subdomains). Unset → the
   * embedded map: a plain grid, no request outside the app. The CSP's img-src then allows
   * that origin only (proxy.ts).
   */
  MAP_TILES_URL: z
    .url({ protocol: /^https$/, error: "MAP_TILES_URL must be an https URL template with {z}, {x} and {y}" })
    .refine((value) => ["{z}", "{x}", "{y}"].every((part) => decodeURI(value).includes(part)), {
      error: "MAP_TILES_URL must contain {z}, {x} and {y}",
    })
    .refine((value) => !decodeURI(value).includes("{s}"), {
      error: "MAP_TILES_URL must name one host (no {s}): the Content-Security-Policy allows that origin only",
    })
    .optional(),
  /** The attribution the tile provider requires, shown under each map (plain text). */
  MAP_TILES_ATTRIBUTION: z.string().min(1).max(300).optional(),
  /** Email notifications through this SMTP server (`smtp://user:pass@host:587`, `smtps://…`). Unset → kept in the outbox. */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "SMTP_URL must start with smtp:// or smtps://")
    .optional(),
  /** The sender of notification emails. */
  SMTP_FROM: z.string().min(3).default("TripSync <no-reply@tripsync.localhost>"),
  /** An exchange-rates provider (JSON table), fetched at most daily. Unset → the dated table shipped with the app. */
  RATES_URL: z.url({ protocol: /^https?$/, error: "RATES_URL must be an http(s) address" }).optional(),
  /** Rate limits, each `points/seconds` (see lib/limits/rate.ts for what each one counts). */
  RATE_LIMIT_CREATE: RateLimit.prefault("10/600"),
  RATE_LIMIT_CREATE_ALL: RateLimit.prefault("300/600"),
  RATE_LIMIT_JOIN: RateLimit.prefault("20/600"),
  RATE_LIMIT_SAVE: RateLimit.prefault("30/60"),
  RATE_LIMIT_MODEL: RateLimit.prefault("6/600"),
  RATE_LIMIT_READ: RateLimit.prefault("300/60"),
  RATE_LIMIT_MCP: RateLimit.prefault("120/60"),
  /** Messages to the assistant per member (each one is a turn of model calls). */
  RATE_LIMIT_ASSISTANT: RateLimit.prefault("20/600"),
  /** Model budget per trip per UTC day, and for the whole server per UTC day (calls and tokens). */
  MODEL_BUDGET_TRIP_CALLS: z.coerce.number().int().min(0).default(300),
  MODEL_BUDGET_TRIP_TOKENS: z.coerce.number().int().min(0).default(600_000),
  MODEL_BUDGET_DAY_CALLS: z.coerce.number().int().min(0).default(20_000),
  MODEL_BUDGET_DAY_TOKENS: z.coerce.number().int().min(0).default(40_000_000),
});

export type Env = z.infer<typeof EnvSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  // An empty value in a .env file means "not set".
  const set = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(set);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
