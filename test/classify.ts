import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * Sorts vitest files into the two projects of vitest.config.ts, by reading them (so a test file
 * added on any branch is classed without editing a list):
 * - "db": the file, or a test helper it imports (followed transitively through `@/test/…`,
 *   `@/bench/…` and relative imports outside lib/, app/ and components/), opens a database —
 *   it calls `withTestDatabase` (test/db.ts), `getDb`, `closeDb`, or names `DATABASE_URL` /
 *   `PGLITE_DIR` (a child process or server on the configured database);
 * - "unit": everything else. Its setup file (test/unit-setup.ts) makes `getDb` throw, so a file
 *   classed wrongly fails loudly instead of quietly opening a database.
 * Product modules (lib/, app/, components/) are not followed: nearly all of them import the
 * database client, which a unit test may load without opening.
 */
const DB_SIGNAL = new RegExp(
  ["withTest" + "Database\\b", "get" + "Db\\s*\\(", "close" + "Db\\b", "DATABASE" + "_URL\\b", "PGLITE" + "_DIR\\b"]
    .map((signal) => `\\b${signal}`)
    .join("|"),
); // spelled in pieces, so that this helper, imported by its own test, isn't a signal itself
/** Comments are no signal ("a test without withTestDatabase…"); a `//` inside a string (a URL) is kept. */
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
const IMPORT = /(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const PRODUCT = /^(lib|app|components)\//;

function resolveLocal(root: string, from: string, spec: string): string | undefined {
  let base: string;
  if (spec.startsWith("@/")) base = path.join(root, spec.slice(2));
  else if (spec.startsWith(".")) base = path.resolve(path.dirname(from), spec);
  else return undefined;
  if (PRODUCT.test(path.relative(root, base).split(path.sep).join("/"))) return undefined;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (/\.tsx?$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  return undefined;
}

/** Whether the test file at `file` (absolute) opens a database, directly or through its helpers. */
export function opensDatabase(root: string, file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  const source = withoutComments(readFileSync(file, "utf8"));
  if (DB_SIGNAL.test(source)) return true;
  // (imports are never in a template literal; a fixture's source often is)
  for (const match of source.replace(/`[^`]*`/g, "``").matchAll(IMPORT)) {
    const target = resolveLocal(root, file, match[1] ?? match[2] ?? "");
    if (target && opensDatabase(root, target, seen)) return true;
  }
  return false;
}

const SKIP = new Set(["node_modules", "e2e", ".next", ".data", ".git"]);

/** The vitest files under `root` (paths relative to it, `/`-separated), as `include` finds them. */
export function testFiles(root: string, dir = ""): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return SKIP.has(entry.name) ? [] : testFiles(root, relative);
    return /\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The test files that open a database, as globs for a vitest project's `include` (specials escaped). */
export function databaseTestGlobs(root: string): string[] {
  return testFiles(root)
    .filter((file) => opensDatabase(root, path.join(root, file)))
    .map((file) => file.replace(/[[\]{}()*?!+@]/g, "\\$&"));
}
