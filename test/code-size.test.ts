import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MAX_FILE_LINES, measure, sizeWarnings, sourceFiles, WARN_FILE_LINES, WARN_FUNCTION_LINES } from './code-size';

/**
 * No file in src/ over 400 lines and no function over 100 (tests left out), except
 * the ones listed here, each with its reason and the size it may not grow past (docs/contributing.md
 * "Size limits"); there are none today. `node --import tsx test/code-size.ts` lists every file and
 * function over the limits.
 */

/** `file` (the whole file) or `file#function` → [most lines allowed, why]. */
const ALLOWED: Record<string, [number, string]> = {};

describe('size limits of src/', () => {
  const measured = sourceFiles().map((file) => measure(file));
  const over: string[] = [];
  for (const file of measured) {
    if (file.lines > MAX_FILE_LINES) over.push(`${file.file}: ${file.lines} lines`);
    for (const fn of file.longFunctions) over.push(`${file.file}#${fn.name}: ${fn.lines} lines`);
  }

  it('has no file over the limit and no function over the limit outside the list, and nothing listed grew', () => {
    const unexpected = over.filter((entry) => {
      const [key, size] = entry.split(': ');
      const allowed = ALLOWED[key];
      return !allowed || Number.parseInt(size, 10) > allowed[0];
    });
    expect(unexpected).toEqual([]);
  });

  it('warns (printed, never failing) of files and functions past the warning sizes, and lists each one over the limit', () => {
    const warnings = sizeWarnings();
    const warned = warnings.filter((warning) => warning.startsWith('warn '));
    if (warned.length > 0) {
      console.warn(
        `Near the size limits (warn at ${WARN_FILE_LINES} lines a file, ${WARN_FUNCTION_LINES} a function); split along a seam:\n${warned.join('\n')}`,
      );
    }
    // Every entry over the limit is also a warning, so the warning list is the limit list and more.
    expect(warnings.filter((warning) => warning.startsWith('over ')).length).toBe(over.length);
  });

  it('measures what it should: every source file, and a table of 150 lines as one function', () => {
    expect(measured.length).toBeGreaterThan(100);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'code-size-'));
    const table = path.join(dir, 'table.ts');
    fs.writeFileSync(table, `export function table() {\n  return [\n${'    1,\n'.repeat(146)}  ];\n}\n`);
    try {
      expect(measure(table).longFunctions).toEqual([{ name: 'table', line: 1, lines: 150 }]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
