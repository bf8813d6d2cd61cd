import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(root, 'package-lock.json'), 'utf8'));

describe('the dependency set', () => {
  it('installs on the oldest Node that `engines` promises (every locked package agrees)', () => {
    const oldest = semver.minVersion(manifest.engines.node)!.version;
    const refusing = Object.entries(
      lock.packages as Record<string, { engines?: { node?: string }; optional?: boolean }>,
    )
      .filter(([name, entry]) => name !== '' && !entry.optional && entry.engines?.node)
      .filter(([, entry]) => !semver.satisfies(oldest, entry.engines!.node!))
      .map(([name, entry]) => `${name} needs node ${entry.engines!.node}`);
    expect(refusing).toEqual([]);
  });

  it('has the lock in step with package.json (npm ci would refuse otherwise)', () => {
    const root = lock.packages[''];
    expect(root.dependencies).toEqual(manifest.dependencies);
    expect(root.devDependencies).toEqual(manifest.devDependencies);
    expect(root.engines).toEqual(manifest.engines);
  });
});
