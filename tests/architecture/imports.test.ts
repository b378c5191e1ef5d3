// The architecture's import rules, checked on every file (README "The four parts"): the shared core stays
// below the three runtimes (wire contract under rules), the server's layers point down, and no import —
// type-only and dynamic ones included — closes a circle. ESLint keeps the per-file rules (features apart,
// no timers on the main thread); these need the whole graph.
// (eslint-plugin-import-x did this before, but its native resolver has platform packages the registry we
// install from does not carry, so `npm ci` refused the lock file.)
import { readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { listSourceFiles, root } from './sourceFiles';

const sourceRoots = ['domain', 'src', 'workers', 'server'];

interface Edge {
  /** Repository-relative path of the imported file. */
  to: string;
  /** Erased at compile time (`import type`, or only `type` names): cannot take part in a load-order circle. */
  typeOnly: boolean;
  /** `import()`: loaded later, so it cannot take part in a load-order circle either. */
  dynamic: boolean;
}

/** Resolves like Vite and tsx do: relative paths, the `@/` alias and package.json's `#domain` imports, with or without the extension, index files. */
function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier === '#domain') base = 'domain/index.ts';
  else if (specifier.startsWith('#domain/')) base = join('domain', specifier.slice('#domain/'.length));
  else if (specifier.startsWith('@/')) base = join('src', specifier.slice(2));
  else if (specifier.startsWith('.')) base = join(dirname(from), specifier);
  else return null; // a package
  const stem = base.replace(/\.js$/, '');
  const candidates = [base, stem + '.ts', stem + '.tsx', join(base, 'index.ts'), join(base, 'index.tsx')];
  for (const candidate of candidates) {
    try {
      if (statSync(join(root, candidate)).isFile()) return relative(root, join(root, candidate));
    } catch {
      // try the next form
    }
  }
  return null;
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
  const clause = node.importClause;
  if (!clause) return false; // `import './x'` runs the module
  if (clause.isTypeOnly) return true;
  if (clause.name) return false;
  const bindings = clause.namedBindings;
  return !!bindings && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((e) => e.isTypeOnly);
}

function edgesOf(file: string): Edge[] {
  const text = readFileSync(join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const edges: Edge[] = [];
  const add = (specifier: string, typeOnly: boolean, dynamic: boolean) => {
    const to = resolveImport(file, specifier);
    if (to) edges.push({ to, typeOnly, dynamic });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      add(node.moduleSpecifier.text, isTypeOnlyImport(node), false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : null;
      add(node.moduleSpecifier.text, node.isTypeOnly || (!!named && named.length > 0 && named.every((e) => e.isTypeOnly)), false);
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      add(node.arguments[0].text, false, true);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return edges;
}

const files = sourceRoots.flatMap((dir) => listSourceFiles(dir));
const graph = new Map(files.map((file) => [file, edgesOf(file)]));

// The server's layers, top to bottom. A file may import its own layer and any layer below it:
//   main.ts, cluster.ts (its workers run main.ts) and the tools (seed/, ops/, bench/, loadtest/: entry points of their own)
//   → app.ts → plugins/ → routes/ → http/ → bidding/, live/ → services/ → bidding-modes/ → reference/, lib/, db/ → domain/
// config.ts (read once at start; its types are passed everywhere) may be imported from any layer.
type Place = (file: string) => boolean;
const under = (...folders: string[]): Place => (file) => folders.some((folder) => file.startsWith(folder + '/'));
const is = (path: string): Place => (file) => file === path;
const anyOf = (...places: Place[]): Place => (file) => places.some((place) => place(file));
const tools = anyOf(under('server/seed', 'server/ops', 'server/bench', 'server/loadtest'), is('server/main.ts'), is('server/cluster.ts'));

// Each zone: files in `target` must not import files in `from`.
const serverLayers: { target: Place; from: Place; message: string }[] = [
  {
    target: (file) => file.startsWith('server/') && !tools(file),
    from: tools,
    message: 'Only main.ts, cluster.ts and the tools (seed/, ops/, bench/, loadtest/) import the tools: production code never reads demo data or tooling (reference data lives in server/reference/).',
  },
  {
    target: under('server/services', 'server/bidding-modes', 'server/reference', 'server/lib', 'server/db'),
    from: under('server/bidding', 'server/live'),
    message: 'services/ and below sit under the bidding engine and the live snapshot: the engine settles through services, never the other way (the modes\' pure rules are in bidding-modes/).',
  },
  {
    target: under('server/bidding-modes', 'server/reference', 'server/lib', 'server/db'),
    from: under('server/services'),
    message: 'bidding-modes/ (the pure rules of the eight modes) and below sit under services/.',
  },
  {
    target: under('server/services', 'server/bidding', 'server/bidding-modes', 'server/live', 'server/reference', 'server/lib', 'server/db'),
    from: anyOf(under('server/http', 'server/routes', 'server/plugins'), is('server/app.ts')),
    message: 'services/, bidding/, live/ and below sit under http/, routes/, plugins/ and app.ts: take what you need as a parameter, or move the shared piece down (the envelope and BusinessError are in lib/envelope.ts).',
  },
  {
    target: under('server/reference', 'server/lib', 'server/db'),
    from: under('server/services', 'server/bidding', 'server/bidding-modes', 'server/live'),
    message: 'reference/, lib/ and db/ sit under services/, bidding/ and live/ (a migration freezes a copy of the code it needs: db/migrations/frozen/).',
  },
  {
    target: under('server/http'),
    from: anyOf(under('server/routes', 'server/plugins'), is('server/app.ts')),
    message: 'http/ (envelope, params, errors, logging, auth) sits under routes/, plugins/ and app.ts.',
  },
  {
    target: under('server/routes'),
    from: under('server/plugins'),
    message: 'A route plugin reads capabilities from the instance (decorators; their types come from declaration merging), never from plugins/.',
  },
  { target: under('server/routes'), from: is('server/app.ts'), message: 'A route plugin never imports app.ts: it is registered by it.' },
  { target: under('server/plugins'), from: is('server/app.ts'), message: 'plugins/ are registered by app.ts and never import it.' },
  {
    target: under('src', 'workers'),
    from: under('server'),
    message: 'The browser and the worker talk to the server over HTTP only; shared rules live in domain/.',
  },
  {
    target: under('server'),
    from: under('src', 'workers'),
    message: 'The server shares only domain/ with the browser and the worker.',
  },
  {
    target: under('workers'),
    from: under('src'),
    message: 'The worker never imports the React app; the main thread imports the worker\'s protocol (workers/protocol/).',
  },
  {
    target: under('src'),
    from: (file) => file.startsWith('workers/') && !file.startsWith('workers/protocol/'),
    message: 'The main thread reaches the worker only through its protocol (workers/protocol/) and comlink.',
  },
  {
    target: under('domain'),
    from: under('src', 'workers', 'server'),
    message: 'domain/ is the core the three runtimes share: it imports only itself.',
  },
  {
    target: under('domain/contract'),
    from: under('domain/rules'),
    message: 'The wire contract (domain/contract/) sits under the rules: rules read wire types, never the reverse.',
  },
];

/** Import circles of any kind — type-only and dynamic imports count too (Tarjan's strongly connected components). */
function circles(): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const edge of graph.get(file) ?? []) {
      if (!index.has(edge.to)) {
        connect(edge.to);
        low.set(file, Math.min(low.get(file)!, low.get(edge.to)!));
      } else if (onStack.has(edge.to)) {
        low.set(file, Math.min(low.get(file)!, index.get(edge.to)!));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      const selfImport = (graph.get(file) ?? []).some((e) => e.to === file);
      if (component.length > 1 || selfImport) found.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) connect(file);
  return found;
}

describe('import architecture', () => {
  it('reads the whole code base (a broken walk would pass vacuously)', () => {
    expect(files.length).toBeGreaterThan(300);
    expect(graph.get('server/app.ts')!.some((e) => e.to.startsWith('server/plugins/'))).toBe(true);
    expect(graph.get('src/main.tsx')!.length).toBeGreaterThan(0);
  });

  it("points down the server's layers", () => {
    const breaches = files.flatMap((file) =>
      (graph.get(file) ?? []).flatMap((edge) =>
        serverLayers
          .filter((zone) => zone.target(file) && zone.from(edge.to))
          .map((zone) => `${file} → ${edge.to}: ${zone.message}`),
      ),
    );
    expect(breaches).toEqual([]);
  });

  it('closes no import circle, type-only or dynamic included, in domain/, src/, workers/ or server/', () => {
    expect(circles()).toEqual([]);
  });
});
