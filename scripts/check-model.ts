import { parseArgs } from 'node:util';
import { openPglite } from '../src/server/db/client';
import { migrate } from '../src/server/db/migrate';
import { createTestApp } from '../src/server/test-support/harness';
import { runOffice } from '../src/server/test-support/office-model';
import { paymentStats } from '../src/server/test-support/office-model/payment-model';
import { reversalStats } from '../src/server/test-support/office-model/reversals';
import { createOffice } from '../src/server/test-support/office-model/suite';
import { uploadStats } from '../src/server/test-support/office-model/uploads';

/**
 * `npm run check:model -- --runs 10000 [--seed N] [--min-steps 40] [--max-steps 50] [--shrink-seconds 300] [--minutes M]`: the office
 * model of the CI test (src/server/test-support/office-model) for as long as asked, on an in-memory
 * PGlite. Prints the number of sequences and steps run; on a failure, fast-check's report: the
 * seed, the shrunk counterexample (the commands, smallest first found) and the calls it made.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: '1000' },
      seed: { type: 'string' },
      // fast-check's `path` from a failure report: with its seed, replays just that counterexample.
      path: { type: 'string' },
      'min-steps': { type: 'string', default: '40' },
      'max-steps': { type: 'string', default: '50' },
      'shrink-seconds': { type: 'string', default: '300' },
      // Stop drawing sequences after this long (the run counts what it ran; not a failure).
      minutes: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const seed = values.seed === undefined ? Date.now() % 2_147_483_647 : Number(values.seed);
  const database = await openPglite(null);
  await migrate(database);
  const t = await createTestApp({ database });
  const started = Date.now();
  const stats = { steps: 0, sequences: 0, fewest: Number.POSITIVE_INFINITY };
  try {
    const real = await createOffice(t);
    console.log(
      `office model: ${runs} sequences of ${values['min-steps']}–${values['max-steps']} commands, seed ${seed}`,
    );
    const { steps, sequences, fewest } = await runOffice(
      real,
      {
        runs,
        minSteps: Number(values['min-steps']),
        maxSteps: Number(values['max-steps']),
        // As in CI: a sequence that ran fewer than 30 calls is drawn again (sequences of ≥ 30 steps).
        minRan: 30,
        seed,
        shrinkSeconds: Number(values['shrink-seconds']),
        path: values.path,
        timeLimitMs: values.minutes === undefined ? undefined : Number(values.minutes) * 60_000,
      },
      stats,
    );
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    if (sequences < runs) console.log(`office model: stopped drawing sequences after ${values.minutes} minutes.`);
    console.log(
      `office model: ${sequences} sequences, ${steps} steps (fewest in one sequence: ${fewest}), every invariant held (${seconds} s).`,
    );
    console.log(
      `reversals: ${reversalStats.reversed} reversed, ${reversalStats.rebuilt} rebuilt, ${reversalStats.comparedAfterRebuild} rebuilt with the same figures and compared balance by balance.`,
    );
    console.log(
      `several uploads: ${uploadStats.saved} distributions saved and ${uploadStats.built} built by MAT Day taking two or three uploads.`,
    );
    const p = paymentStats;
    console.log(
      `payments: ${p.built} batches built, ${p.released} released (${p.linesPaid} lines paid, ${p.prenotes} prenotes sent), ${p.returned} returns recorded, ${p.discarded} drafts discarded, ${p.detailsChanged} bank details changed; reversals refused: ${p.reversalsRefused} held by a released batch, ${p.reversalsRefusedDraft} by a draft.`,
    );
    return 0;
  } catch (error) {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.error(
      `office model: an invariant broke; ${stats.sequences} sequences, ${stats.steps} steps run (${seconds} s).`,
    );
    console.error((error as Error).message);
    const cause = (error as Error).cause;
    if (cause instanceof Error) console.error(`\nWhat broke (in the shrunk counterexample):\n${cause.message}`);
    return 1;
  } finally {
    await t.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
