import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * How long the files and functions of src/ are (docs/contributing.md "Size limits"): lines per file,
 * and lines per function — declarations, methods, arrow functions and function expressions, from
 * their first token to their last, nested ones counted inside their parents too. Tests are left out.
 */
export const MAX_FILE_LINES = 400;
export const MAX_FUNCTION_LINES = 100;
/** Past these a file or function is printed as a warning (never failing): split it along a seam before it reaches the limit. */
export const WARN_FILE_LINES = 300;
export const WARN_FUNCTION_LINES = 60;

const ROOT = join(import.meta.dirname, '..');

export function sourceFiles(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    if (!/\.(ts|tsx)$/.test(entry.name) || /\.(test|pg-test)\.(ts|tsx)$/.test(entry.name)) return [];
    return [full];
  });
}

export interface Measured {
  /** Path relative to the repository. */
  file: string;
  lines: number;
  /** Functions over the limit: `name (lines)`. */
  longFunctions: Array<{ name: string; line: number; lines: number }>;
}

function nameOf(node: ts.Node, source: ts.SourceFile): string {
  const named = node as { name?: ts.Node };
  if (named.name) return named.name.getText(source);
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText(source);
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText(source);
  if (parent && ts.isCallExpression(parent)) return `${parent.expression.getText(source).slice(0, 40)}(…)`;
  return '(anonymous)';
}

export function measure(path: string, functionLimit = MAX_FUNCTION_LINES): Measured {
  const text = readFileSync(path, 'utf8');
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const longFunctions: Measured['longFunctions'] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = last - first + 1;
      if (lines > functionLimit) longFunctions.push({ name: nameOf(node, source), line: first + 1, lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
  return { file: relative(ROOT, path), lines, longFunctions };
}

/** Every file over WARN_FILE_LINES and function over WARN_FUNCTION_LINES, `over` when past the limit too. */
export function sizeWarnings(files = sourceFiles()): string[] {
  const warnings: string[] = [];
  for (const measured of files.map((file) => measure(file, WARN_FUNCTION_LINES))) {
    if (measured.lines > WARN_FILE_LINES) {
      const level = measured.lines > MAX_FILE_LINES ? 'over' : 'warn';
      warnings.push(`${level} ${measured.file}: ${measured.lines} lines`);
    }
    for (const fn of measured.longFunctions) {
      const level = fn.lines > MAX_FUNCTION_LINES ? 'over' : 'warn';
      warnings.push(`${level} ${measured.file}:${fn.line} ${fn.name}: ${fn.lines} lines`);
    }
  }
  return warnings;
}

/** `node --import tsx test/code-size.ts`: every file and function of src/ past the warning sizes. */
if (process.argv[1] && import.meta.filename === process.argv[1]) {
  for (const warning of sizeWarnings()) console.log(warning);
}
