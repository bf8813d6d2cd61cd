import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * No `as unknown as` in src/ (tests included) outside the one documented adapter,
 * src/server/db/query-rows.ts (Drizzle's session internals and the driver client under a database;
 * see its comments and docs/contributing.md "Hand SQL and typed rows"). Anything else is parsed
 * (zod, queryRows) or typed where it is made. Nor `as never` anywhere in src/: it silences every
 * type check at once, where a named type (or an overload that states the one fact the checker cannot
 * see) says what is meant.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const ADAPTER = 'src/server/db/query-rows.ts';

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

/** `x as unknown as T` in the code (comments and strings do not count), as `file:line`. */
function castsIn(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const places: string[] = [];
  const visit = (node: ts.Node) => {
    if (
      ts.isAsExpression(node) &&
      ts.isAsExpression(node.expression) &&
      node.expression.type.kind === ts.SyntaxKind.UnknownKeyword
    ) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      places.push(`${path.relative(ROOT, file)}:${line}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return places;
}

/** `x as never` in the code, as `file:line`. */
function neverCastsIn(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const places: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isAsExpression(node) && node.type.kind === ts.SyntaxKind.NeverKeyword) {
      const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
      places.push(`${path.relative(ROOT, file)}:${line}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return places;
}

describe('`as unknown as` in src/', () => {
  const casts = sourceFiles(path.join(ROOT, 'src')).flatMap(castsIn);

  it('appears only in the documented adapter', () => {
    const outside = casts.filter((place) => !place.startsWith(`${ADAPTER}:`));
    expect(outside).toEqual([]);
  });

  it('is found where it is (the adapter still has its two)', () => {
    expect(casts.filter((place) => place.startsWith(`${ADAPTER}:`))).toHaveLength(2);
  });
});

describe('`as never` in src/', () => {
  // Parsed while collecting, as above: parsing every file can pass a test's 5 s on a loaded machine.
  const neverCasts = sourceFiles(path.join(ROOT, 'src')).flatMap(neverCastsIn);

  it('appears nowhere', () => {
    expect(neverCasts).toEqual([]);
  });
});
