// The code base's source files and their imports, for the tests that read the whole of it (the import graph,
// antd's styles).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/** The repository's root; the paths below are relative to it. */
export const root = resolve(__dirname, '../..');

const SOURCE_EXTENSIONS = ['.ts', '.tsx'];

/** Every .ts and .tsx file under `dir` (declaration files, node_modules and the `skip` directories left out). */
export function listSourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return name === 'node_modules' || skip.includes(path) ? [] : listSourceFiles(path, skip);
    return SOURCE_EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

export interface Edge {
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

export function edgesOf(file: string): Edge[] {
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
