/** Runs once when the server starts: open the database and apply pending migrations before the first request. */
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { getDb } = await import("@/lib/db/client");
    await getDb();
  }
}
