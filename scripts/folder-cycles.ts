// Import cycles between folders, which dependency-cruiser's `no-circular` (cycles between files) does
// not see: a folder `a/` whose files import `b/` while files of `b/` import `a/` is one knot, even when
// no single chain of files closes. scripts/check-folder-cycles.ts runs this on depcruise's output.

/** A module as dependency-cruiser's JSON output lists it. */
export interface CruisedModule {
  source: string;
  dependencies: { resolved: string }[];
}

/**
 * Where folders are counted: the first folder below `root` (a regular expression matched at the
 * start of a path, ending in the directory whose children are the folders). A file directly in the
 * root belongs to the root itself, e.g. libs/contracts/src/registry.ts to `libs/contracts/src`.
 */
export interface FolderScope {
  /** the directory dependency-cruiser reads for this scope */
  directory: string;
  root: RegExp;
}

export const SCOPES: Record<string, FolderScope> = {
  // libs/<lib>/src/<folder>
  libs: { directory: 'libs', root: /^libs\/[^/]+\/src\// },
  // apps/api/src/<area>
  apps: { directory: 'apps/api/src', root: /^apps\/api\/src\// },
};

/** The folder a file belongs to in one of the scopes, or undefined outside them. */
export function folderOf(file: string, scopes: FolderScope[]): string | undefined {
  for (const scope of scopes) {
    const root = scope.root.exec(file);
    if (!root) continue;
    const rest = file.slice(root[0].length);
    // The public entry re-exports every folder: it is a door of its own, not a member of the root.
    if (rest === 'index.ts') return file;
    const slash = rest.indexOf('/');
    return slash < 0 ? root[0].slice(0, -1) : root[0] + rest.slice(0, slash);
  }
  return undefined;
}

/** The scope root a folder lies in (its library's src/, or apps/api/src/). */
const rootOf = (folder: string, scopes: FolderScope[]): string | undefined =>
  scopes.map((scope) => scope.root.exec(`${folder}/`)?.[0]).find((root) => root !== undefined);

const TEST = /\.test\.ts$/;

/** Folder → the folders its files import, each edge with one file import that makes it. */
export type FolderGraph = Map<string, Map<string, string>>;

export function folderGraph(modules: CruisedModule[], scopes: FolderScope[]): FolderGraph {
  const graph: FolderGraph = new Map();
  for (const module of modules) {
    const from = folderOf(module.source, scopes);
    // Tests import whatever they exercise; the structure is the shipped code's.
    if (!from || TEST.test(module.source)) continue;
    if (!graph.has(from)) graph.set(from, new Map());
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved, scopes);
      // Between libraries the layers of .dependency-cruiser.js decide; here only folders of one library (or app).
      if (!to || to === from || rootOf(to, scopes) !== rootOf(from, scopes)) continue;
      const edges = graph.get(from)!;
      if (!edges.has(to)) edges.set(to, `${module.source} → ${dependency.resolved}`);
    }
  }
  return graph;
}

/** The strongly connected components with more than one folder (Tarjan's algorithm), each sorted. */
function knots(graph: FolderGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The shortest cycle through `start` inside its component (breadth-first), as a closed list of folders. */
function shortestCycle(graph: FolderGraph, start: string, component: Set<string>): string[] {
  const previous = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const to of graph.get(node)?.keys() ?? []) {
      if (!component.has(to)) continue;
      if (to === start) {
        const path = [node];
        while (path[0] !== start) path.unshift(previous.get(path[0])!);
        return [...path, start];
      }
      if (!previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

export interface FolderCycle {
  /** every folder of the knot */
  folders: string[];
  /** one cycle through the knot's first folder, closed (its last folder is its first) */
  cycle: string[];
  /** for each step of `cycle`, one file import that makes it */
  imports: string[];
}

/** Every knot of folders that import each other, with one cycle each to show where to cut. */
export function folderCycles(graph: FolderGraph): FolderCycle[] {
  return knots(graph).map((folders) => {
    const cycle = shortestCycle(graph, folders[0], new Set(folders));
    const imports = cycle.slice(1).map((to, i) => graph.get(cycle[i])!.get(to)!);
    return { folders, cycle, imports };
  });
}
