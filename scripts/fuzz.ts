/**
 * `npm run fuzz -- --per-route 2000 [--seed 42] [--postgres]`: the fuzz test of every route
 * (src/server/http/fuzz.test.ts) with more requests per route than CI's 50.
 */
import { spawnSync } from 'node:child_process';

const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : undefined;
};
const perRoute = option('per-route') ?? '2000';
if (!/^\d+$/.test(perRoute)) throw new Error('--per-route takes a whole number');
const seed = option('seed');
const project = args.includes('--postgres') ? 'api-postgres' : 'api-pglite';

const result = spawnSync('npx', ['vitest', 'run', '--project', project, 'src/server/http/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_PER_ROUTE: perRoute, ...(seed ? { FUZZ_SEED: seed } : {}) },
});
process.exit(result.status ?? 1);
