/**
 * The import graph of the rooms (ADR 0047): every relative import of app/, core/, db/, server/, texts/ and
 * scripts/, type-only ones included (TypeScript's own ts.preProcessFile reads them), as arrows between rooms
 * with their counts. Exits 1 when an arrow runs against ADR 0047's table or any import cycle exists (a cycle
 * through type-only imports too, which import-x/no-cycle leaves out).
 *
 *   npm run graph            the table of arrows, then any violation and cycle
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROOMS = ["app", "core", "db", "server", "texts", "scripts"];

/** A file's room: the top folder, db split (db/seed is sample data, the rest the database), tests apart. */
export function roomOf(path: string): string | null {
  if (/\.test\.tsx?$/.test(path)) return "tests";
  if (path.startsWith("db/seed/")) return "db/seed";
  if (path === "app/context.ts") return "app/context";
  if (path.startsWith("core/shared/")) return "core/shared";
  const top = path.split("/")[0]!;
  return ROOMS.includes(top) ? top : null;
}

/** ADR 0047's table: which room may import which. Tests and scripts are tools: they may import any room. */
const ALLOWED: Readonly<Record<string, readonly string[]>> = {
  app: ["app", "app/context", "core", "core/shared", "texts"],
  "app/context": ["core", "core/shared"],
  server: ["server", "app/context", "core", "core/shared", "db", "db/seed", "texts"],
  core: ["core", "core/shared", "db"],
  "core/shared": ["core/shared", "db"],
  db: ["db"],
  "db/seed": ["db/seed", "db", "core", "core/shared"],
  texts: ["texts", "core/shared"],
};

export function arrowAllowed(from: string, to: string): boolean {
  if (from === "tests" || from === "scripts") return true;
  return (ALLOWED[from] ?? []).includes(to);
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  if (!existsSync(dir)) return out;
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (name === "node_modules" || name.startsWith(".") || name === "+types") continue;
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** What importsOf found for a file's text, by path: a second graph of the same tree (the boundaries test builds three) reads each file's imports once. */
const importsRead = new Map<string, { text: string; imports: string[] }>();

/** The repository paths a file imports (relative imports that resolve to a source file; packages are left out). */
function importsOf(file: string, text: string): string[] {
  const read = importsRead.get(file);
  if (read?.text === text) return read.imports;
  const imports = readImports(file, text);
  importsRead.set(file, { text, imports });
  return imports;
}

function readImports(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const out: string[] = [];
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith(".")) continue;
    const target = resolve(dirname(file), fileName);
    const found = [target, `${target}.ts`, `${target}.tsx`, join(target, "index.ts")].find((p) => existsSync(p) && statSync(p).isFile());
    if (found && /\.(ts|tsx)$/.test(found)) out.push(relative(ROOT, found));
  }
  return out;
}

export interface Graph {
  edges: Map<string, Set<string>>;
}

/** The graph of the given files' imports; `extra` adds or replaces files by their text (the boundaries test plants some). */
export function buildGraph(extra: Readonly<Record<string, string>> = {}): Graph {
  const files = new Map<string, string>();
  for (const room of ROOMS) for (const file of sourceFiles(join(ROOT, room))) files.set(relative(ROOT, file), readFileSync(file, "utf8"));
  for (const [path, text] of Object.entries(extra)) files.set(path, text);
  const edges = new Map<string, Set<string>>();
  for (const [path, text] of files) {
    const targets = importsOf(join(ROOT, path), text).filter((t) => files.has(t) || existsSync(join(ROOT, t)));
    edges.set(path, new Set(targets.filter((t) => t !== path)));
  }
  return { edges };
}

/** The cycles: strongly connected components of more than one file (Tarjan's algorithm, iterative). */
export function cyclesOf({ edges }: Graph): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  for (const start of edges.keys()) {
    if (indexOf.has(start)) continue;
    const work: { node: string; next: Iterator<string> }[] = [];
    const visit = (node: string) => {
      indexOf.set(node, index);
      low.set(node, index++);
      stack.push(node);
      onStack.add(node);
      work.push({ node, next: (edges.get(node) ?? new Set<string>()).values() });
    };
    visit(start);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const step = top.next.next();
      if (!step.done) {
        const to = step.value;
        if (!edges.has(to)) continue;
        if (!indexOf.has(to)) visit(to);
        else if (onStack.has(to)) low.set(top.node, Math.min(low.get(top.node)!, indexOf.get(to)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(top.node)!));
      }
      if (low.get(top.node) === indexOf.get(top.node)) {
        const component: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          component.push(member);
        } while (member !== top.node);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found;
}

export interface Report {
  arrows: Map<string, number>;
  violations: { from: string; to: string }[];
  cycles: string[][];
}

export function check(graph: Graph): Report {
  const arrows = new Map<string, number>();
  const violations: Report["violations"] = [];
  for (const [from, targets] of graph.edges) {
    const fromRoom = roomOf(from);
    if (!fromRoom) continue;
    for (const to of targets) {
      const toRoom = roomOf(to);
      if (!toRoom || toRoom === "tests") continue;
      const arrow = `${fromRoom} -> ${toRoom}`;
      arrows.set(arrow, (arrows.get(arrow) ?? 0) + 1);
      if (arrowAllowed(fromRoom, toRoom)) continue;
      violations.push({ from, to });
    }
  }
  return { arrows, violations, cycles: cyclesOf(graph) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = check(buildGraph());
  console.log("Arrows between rooms (imports, type-only included):");
  for (const [arrow, count] of [...report.arrows].sort()) {
    const [from, to] = arrow.split(" -> ") as [string, string];
    const mark = arrowAllowed(from, to) ? "" : "  AGAINST THE TABLE";
    console.log(`  ${arrow.padEnd(32)} ${String(count).padStart(5)}${mark}`);
  }
  for (const { from, to } of report.violations) console.log(`against the table: ${from} -> ${to}`);
  for (const cycle of report.cycles) console.log(`cycle: ${cycle.join(" <-> ")}`);
  const failed = report.violations.length > 0 || report.cycles.length > 0;
  console.log(failed ? `${report.violations.length} arrow(s) against the table, ${report.cycles.length} cycle(s).` : "Every arrow runs with the table; no cycles.");
  process.exit(failed ? 1 : 0);
}
