import { vi } from "vitest";

/**
 * Setup of the `unit` vitest project (vitest.config.ts): its files are those that open no
 * database (test/classify.ts), so they run once in CI rather than on both databases. A file
 * classed wrongly would quietly open the default database here; instead it fails, saying why.
 */
vi.mock("@/lib/db/client", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/db/client")>();
  const refuse = (): never => {
    throw new Error(
      "This test file is in the `unit` vitest project but opens a database: call withTestDatabase() from @/test/db (test/classify.ts moves it to the `db` project).",
    );
  };
  return { ...actual, getDb: refuse, listen: refuse };
});
