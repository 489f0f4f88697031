import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse } from "es-module-lexer";
import { transformSync } from "esbuild";
import { describe, expect, it } from "vitest";

/**
 * The structure the assistant relies on: no module of lib/ imports itself back through
 * others (a cycle makes load order decide what a module sees, and let one rule of the old
 * offline grammar shadow another). Read as the build reads it: an import only types use is erased, so it ties
 * nothing at run time.
 */

const ROOT = join(import.meta.dirname, "..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The run-time imports of a file: esbuild drops what only types use, as the build does. */
function runtimeImports(file: string): string[] {
  const { code } = transformSync(readFileSync(file, "utf8"), { loader: file.endsWith(".tsx") ? "tsx" : "ts" });
  const [imports] = parse(code);
  return imports.map((i) => i.n).filter((name): name is string => typeof name === "string");
}

function resolveIn(spec: string, from: string): string | undefined {
  const base = spec.startsWith("@/")
    ? join(ROOT, spec.slice(2))
    : spec.startsWith(".")
      ? join(dirname(from), spec)
      : undefined;
  if (!base) return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")].find(
    (path) => existsSync(path) && statSync(path).isFile(),
  );
}

function libImportGraph(): Map<string, string[]> {
  const lib = join(ROOT, "lib");
  const graph = new Map<string, string[]>();
  for (const file of sources(lib)) {
    const targets = runtimeImports(file)
      .map((spec) => resolveIn(spec, file))
      .filter((target): target is string => !!target && target.startsWith(lib) && /\.tsx?$/.test(target));
    graph.set(relative(ROOT, file), [...new Set(targets.map((t) => relative(ROOT, t)))]);
  }
  return graph;
}

/** Every cycle's files (Tarjan's strongly connected components of more than one file, or a self-import). */
function cycles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v) ?? 0, idx.get(w) ?? 0));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string | undefined;
      do {
        w = stack.pop();
        if (w) {
          on.delete(w);
          component.push(w);
        }
      } while (w && w !== v);
      if (component.length > 1 || (graph.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return found;
}

describe("lib's module graph", () => {
  it("finds a planted cycle (the check can fail)", () => {
    // a → b → c → a is one cycle of three files; d → a hangs off it and is in none.
    const planted = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a"]],
      ["d", ["a"]],
    ]);
    expect(cycles(planted)).toEqual([["a", "b", "c"]]);
  });

  it("has no import cycle in lib/", () => {
    const graph = libImportGraph();
    // The graph is read, not empty: the registry imports the actions and the reading tools.
    expect(graph.get("lib/assistant/registry.ts")).toEqual(
      expect.arrayContaining(["lib/actions/index.ts", "lib/assistant/reads.ts"]),
    );
    expect(cycles(graph)).toEqual([]);
  });
});
