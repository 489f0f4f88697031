/** The production servers the end-to-end suites run against (started by playwright.config.ts). */
export const PORT = Number(process.env.E2E_PORT ?? 3100);
/** Every interface, INNGEST_DEV set, small rate limits; real Postgres when E2E_POSTGRES_URL is set. */
export const EXPOSED_PORT = PORT + 10;
/** Inngest configured with event and signing keys, on loopback. */
export const SIGNED_PORT = PORT + 11;
export const EXPOSED_LOG = ".data/http-exposed.log";
export const SIGNED_LOG = ".data/http-signed.log";
export const url = (port: number) => `http://127.0.0.1:${port}`;
