import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { databaseTestGlobs, testFiles } from "@/test/classify";

// The fixtures' database calls are spelled in pieces, so this file itself stays in the `unit` project.
const withDb = ["with", "TestDatabase"].join("");
const pgliteDir = ["PGLITE", "DIR"].join("_");
const openDb = ["get", "Db"].join("");
const root = mkdtempSync(path.join(tmpdir(), "tripsync-classify-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, source: string): void {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), source);
}

it("classes a test file by whether it, or a test helper it imports, opens a database", () => {
  write("test/db.ts", `export function ${withDb}() {}\n`);
  write("test/helper.ts", `import { ${withDb} } from "./db";\nexport const setUp = () => ${withDb}();\n`);
  write("test/pure.ts", "export const two = 2;\n");
  // lib/ modules are not followed: nearly every one imports the database client without opening it.
  write("lib/db/client.ts", `export async function ${openDb}() {}\n`);
  write("lib/thing.ts", `import { ${openDb} } from "@/lib/db/client";\nexport const load = () => ${openDb}();\n`);
  write("lib/direct.test.ts", `import { ${withDb} } from "@/test/db";\n${withDb}();\n`);
  write("lib/through-helper.test.ts", `import { setUp } from "@/test/helper";\nsetUp();\n`);
  write("lib/child-process.test.ts", `const env = { ${pgliteDir}: 'x' };\n`);
  write("lib/pure.test.ts", `import { two } from "@/test/pure";\nimport { load } from "./thing";\n`);
  write("app/s/[token]/page.test.tsx", `import { ${withDb} } from "@/test/db";\n${withDb}();\n`);
  write("node_modules/x/a.test.ts", `${withDb}();\n`);
  write("e2e/b.test.ts", `${withDb}();\n`);

  expect(testFiles(root).sort()).toEqual([
    "app/s/[token]/page.test.tsx",
    "lib/child-process.test.ts",
    "lib/direct.test.ts",
    "lib/pure.test.ts",
    "lib/through-helper.test.ts",
  ]);
  // Everything but lib/pure.test.ts opens a database; the route's brackets are escaped for the glob.
  expect(databaseTestGlobs(root).sort()).toEqual([
    "app/s/\\[token\\]/page.test.tsx",
    "lib/child-process.test.ts",
    "lib/direct.test.ts",
    "lib/through-helper.test.ts",
  ]);
});
