import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository explains itself: code, tests, scripts and docs cite the project's own docs
 * (docs/product.md §N, decision N of docs/decisions.md, docs/distribution.md …), never a file that
 * lives outside the repository, a path on someone's build machine, or a ticket number that a reader
 * who clones the repository cannot look up.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const ROOT_FILES = fs
  .readdirSync(ROOT, { withFileTypes: true })
  // In a git worktree `.git` is a file naming the main checkout's absolute path: not the repository's.
  .filter((entry) => entry.isFile() && entry.name !== 'package-lock.json' && entry.name !== '.git')
  .map((entry) => entry.name);
const SCANNED = ['src', 'docs', 'test', 'scripts', 'bench', 'e2e', '.ci', ...ROOT_FILES];
const THIS_FILE = path.relative(ROOT, import.meta.filename);
const BINARY = /\.(png|jpe?g|gif|webp|heic|pdf|xlsx|zip|ico|woff2?|ttf|otf)$/i;

const FORBIDDEN: Array<{ name: string; pattern: RegExp }> = [
  { name: 'a path outside the repository (../shared)', pattern: /\.\.\/shared\b/ },
  { name: 'SPEC.md (cite docs/product.md §N)', pattern: /\bSPEC\.md\b/ },
  { name: 'DESIGN.md (cite decision N of docs/decisions.md)', pattern: /\bDESIGN\.md\b/ },
  { name: 'an absolute path of a build machine', pattern: /(?<![\w.~-])\/(?:work|root)\// },
  { name: 'an issue number (say what the thing is instead)', pattern: /\bissues? #?\d+/i },
];

function filesUnder(entry: string): string[] {
  const full = path.join(ROOT, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [entry];
  return fs
    .readdirSync(full, { withFileTypes: true })
    .filter((child) => child.name !== 'node_modules')
    .flatMap((child) => filesUnder(path.join(entry, child.name)));
}

function violationsIn(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return text
    .split('\n')
    .flatMap((line, index) =>
      FORBIDDEN.filter(({ pattern }) => pattern.test(line)).map(
        ({ name }) => `${file}:${index + 1}: ${name}: ${line.trim().slice(0, 120)}`,
      ),
    );
}

describe('docs that stand alone', () => {
  const files = SCANNED.flatMap(filesUnder).filter((file) => file !== THIS_FILE && !BINARY.test(file));

  it('scans the code, the tests and the docs', () => {
    expect(files).toContain('README.md');
    expect(files).toContain(path.join('docs', 'product.md'));
    expect(files.filter((file) => file.startsWith(`src${path.sep}`)).length).toBeGreaterThan(100);
  });

  it('cites only what is in the repository', () => {
    expect(files.flatMap(violationsIn)).toEqual([]);
  });

  it.each([
    ['see ../shared/SPEC.md §5', true],
    ['SPEC.md §2.1', true],
    ['(DESIGN.md decision 14)', true],
    ["const SHOTS = '/work/coord/shots';", true],
    ['cd /root/app', true],
    ['(issue 13)', true],
    ['Issue 10: a 10 MB import', true],
    ['docs/product.md §2.1', false],
    ['decision 14 (docs/decisions.md)', false],
    ["['/home/user/scan.PDF', 'pdf']", false],
    ['src/server/db/schema/work/x.ts', false],
    ['an issue with the import', false],
  ])('the rules catch %j: %s', (line, caught) => {
    expect(FORBIDDEN.some(({ pattern }) => pattern.test(line))).toBe(caught);
  });

  it('gives every section of docs/product.md a numbered heading', () => {
    const headings = fs
      .readFileSync(path.join(ROOT, 'docs/product.md'), 'utf8')
      .split('\n')
      .filter((line) => /^#{2,3} \d/.test(line))
      .map((line) => line.replace(/^#+ /, '').split(' ')[0]);
    for (const section of ['1.', '2.', '2.1', '2.2', '2.3', '2.4', '3.', '4.', '5.', '6.', '7.', '8.', '9.']) {
      expect(headings).toContain(section);
    }
  });

  it('states every numbered decision in docs/decisions.md', () => {
    const text = fs.readFileSync(path.join(ROOT, 'docs/decisions.md'), 'utf8');
    const numbers = [...text.matchAll(/^### Decision (\d+)\./gm)].map((match) => Number(match[1]));
    expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    expect(numbers.length).toBeGreaterThanOrEqual(38);
  });
});
