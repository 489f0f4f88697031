/** The production servers the end-to-end suites run against (started by playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** INNGEST_DEV set on loopback behind a trusted proxy (TRUST_PROXY=1), small rate limits; real Postgres when E2E_POSTGRES_URL is set. */
export const EXPOSED_PORT = Number(process.env.E2E_EXPOSED_PORT ?? PORT + 10);
/** Inngest configured with event and signing keys, on loopback; no trusted proxy; PUBLIC_URL set. */
export const SIGNED_PORT = Number(process.env.E2E_SIGNED_PORT ?? PORT + 11);
export const SIGNED_PUBLIC_URL = "https://trips.example.test";
export const EXPOSED_LOG = ".data/http-exposed.log";
export const SIGNED_LOG = ".data/http-signed.log";
/** The two-instance suite's own servers (e2e/instances.http.spec.ts starts them, on one PostgreSQL database). */
export const INSTANCE_PORTS = [PORT + 20, PORT + 21];
export const url = (port: number) => `http://127.0.0.1:${port}`;
