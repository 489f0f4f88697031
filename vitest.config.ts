import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { databaseTestGlobs } from "./test/classify.js";

const root = fileURLToPath(new URL(".", import.meta.url));
const exclude = ["node_modules/**", "e2e/**", ".next/**", ".data/**"];
/**
 * Two projects, so CI runs each test once where the database doesn't matter and on both
 * databases where it does: `db` (files that open a database, found by reading them — see
 * test/classify.ts) and `unit` (the rest, with a guard that fails a test opening one).
 * `npm test` runs both on the configured database; `--project unit` / `--project db` runs one.
 */
const dbFiles = databaseTestGlobs(root);

export default defineConfig({
  resolve: {
    alias: {
      "@": root,
      // `server-only` throws outside React Server Components; tests are trusted server code.
      "server-only": fileURLToPath(new URL("./test/server-only.ts", import.meta.url)),
    },
  },
  test: {
    exclude,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      { extends: true, test: { name: "db", include: dbFiles } },
      {
        extends: true,
        test: {
          name: "unit",
          include: ["**/*.test.ts", "**/*.test.tsx"],
          exclude: [...exclude, ...dbFiles],
          setupFiles: ["./test/unit-setup.ts"],
          // One module graph per worker, not per file: importing the catalog, the gazetteer and the
          // agents again for each file was most of this project's time (measured: 265–373 s → 95 s).
          isolate: false,
        },
      },
    ],
  },
});
