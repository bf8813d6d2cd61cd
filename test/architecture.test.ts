import fs from 'node:fs';
import path from 'node:path';

/** docs/conventions.md, "Layers": imports flow web → domain ← server; domain code does no I/O. */
const ROOT = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (match) => match[1] ?? match[2],
  );
}

const ALLOWED_DOMAIN_PACKAGES = new Set(['zod', 'vitest', 'fast-check']);

describe('layering', () => {
  const domainFiles = sourceFiles(path.join(ROOT, 'src/domain'));

  it.each(domainFiles.map((file) => [path.relative(ROOT, file), file]))(
    '%s imports only domain code and zod',
    (_name, file) => {
      for (const specifier of importsOf(file)) {
        if (specifier.startsWith('.')) {
          const target = path.resolve(path.dirname(file), specifier);
          expect(target.startsWith(path.join(ROOT, 'src/domain')), `${specifier} leaves src/domain`).toBe(true);
        } else {
          expect(ALLOWED_DOMAIN_PACKAGES.has(specifier.split('/')[0]), `${specifier} is I/O or a framework`).toBe(true);
        }
      }
    },
  );

  it.each(sourceFiles(path.join(ROOT, 'src/web')).map((file) => [path.relative(ROOT, file), file]))(
    '%s does not import server code',
    (_name, file) => {
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = path.resolve(path.dirname(file), specifier);
        expect(target.startsWith(path.join(ROOT, 'src/server')), `${specifier} reaches into src/server`).toBe(false);
      }
    },
  );

  it.each(sourceFiles(path.join(ROOT, 'src/server')).map((file) => [path.relative(ROOT, file), file]))(
    '%s does not import web code',
    (_name, file) => {
      for (const specifier of importsOf(file).filter((s) => s.startsWith('.'))) {
        const target = path.resolve(path.dirname(file), specifier);
        expect(target.startsWith(path.join(ROOT, 'src/web')), `${specifier} reaches into src/web`).toBe(false);
      }
    },
  );
});
