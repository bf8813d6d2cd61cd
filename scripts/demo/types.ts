import type { Tx } from '../../src/server/db/client';

/** What every seed gets: the open transaction and the instant the demo is loaded at. */
export interface SeedContext {
  tx: Tx;
  now: Date;
}

/**
 * One resource's part of the demo organisation. `run` adds only what is missing (so loading twice
 * changes nothing) and answers how many records it added or changed.
 */
export interface DemoSeed {
  name: string;
  run(context: SeedContext): Promise<number>;
}
