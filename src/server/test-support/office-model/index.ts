import fc from 'fast-check';
import { accountCommands } from './accounts';
import { reportCommands } from './commands';
import { distributionCommands } from './distributions';
import { overlapCommands } from './overlaps';
import { paymentCommands } from './payments';
import { payoutCommands } from './payouts';
import { reversalCommands } from './reversals';
import { uploadCommands } from './uploads';
import { type Real, resetOffice } from './world';

export type { Real } from './world';

/** Every office action the model may take, as fast-check command arbitraries. */
export const officeCommands = [
  ...reportCommands,
  ...accountCommands,
  ...distributionCommands,
  ...payoutCommands,
  ...overlapCommands,
  ...reversalCommands,
  ...uploadCommands,
  ...paymentCommands,
];

/**
 * Reports, payouts and approvals come up more often than imports and archive attempts. The payment
 * commands wait for something owed or a released line: a command skipped for its precondition costs
 * its sequence a step, and a sequence that runs fewer than `minRan` is drawn again (its time spent
 * for nothing), so they weigh little — releasing (which drafts a batch first when there is none) more.
 */
const WEIGHTS = new Map([
  [reportCommands[0], 4],
  [reportCommands[1], 4],
  [distributionCommands[2], 3],
  [paymentCommands[0], 1],
  [paymentCommands[1], 3],
  [paymentCommands[2], 1],
  [paymentCommands[3], 1],
]);

export interface OfficeRunStats {
  steps: number;
  sequences: number;
  /** The fewest steps one sequence ran. */
  fewest: number;
}

export interface OfficeRunOptions {
  runs: number;
  /**
   * Commands generated per sequence (at least). A command whose precondition does not hold yet (say,
   * processing with no report submitted) is skipped, so `steps` counts what actually ran.
   */
  minSteps: number;
  maxSteps: number;
  /**
   * A sequence that ran fewer steps than this (too many skipped) does not count: fast-check draws
   * another in its place, so every counted sequence ran at least this many API calls.
   */
  minRan?: number;
  seed?: number;
  /** With `seed`, fast-check's path of a reported failure: replays that counterexample only. */
  path?: string;
  /**
   * Shrinking re-runs whole sequences (seconds each): after this long since the first failure, the
   * smallest counterexample found so far is the one reported.
   */
  shrinkSeconds?: number;
  /**
   * Stop drawing new sequences after this many milliseconds (a long run that must end by a given
   * hour); the sequences run so far are counted and an interrupted run is not a failure.
   */
  timeLimitMs?: number;
}

/**
 * Runs `runs` random sequences of office actions against the real app (`real`), each on a freshly
 * emptied office; returns the number of steps run. Throws fast-check's report (seed, path, the
 * shrunk counterexample and the calls it made) when an invariant breaks.
 */
export async function runOffice(
  real: Real,
  options: OfficeRunOptions,
  /** Counted as it goes, so a caller can print them when the run fails. */
  stats: OfficeRunStats = { steps: 0, sequences: 0, fewest: Number.POSITIVE_INFINITY },
): Promise<OfficeRunStats> {
  let failedAt: number | null = null;
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.oneof(...officeCommands.map((arbitrary) => ({ arbitrary, weight: WEIGHTS.get(arbitrary) ?? 2 }))), {
        minLength: options.minSteps,
        maxLength: options.maxSteps,
      }),
      async (commands) => {
        if (failedAt !== null && Date.now() - failedAt > (options.shrinkSeconds ?? 120) * 1000) return;
        const model = await resetOffice(real);
        try {
          await fc.asyncModelRun(() => ({ model, real }), commands);
        } catch (error) {
          failedAt ??= Date.now();
          const calls = real.log.slice(-15).join('\n  ');
          stats.steps += model.steps;
          throw new Error(`${(error as Error).message}\nlast calls:\n  ${calls}`);
        }
        // Too short once the skipped commands are left out: not counted, fast-check draws another.
        fc.pre(model.steps >= (options.minRan ?? 0));
        stats.steps += model.steps;
        stats.sequences += 1;
        stats.fewest = Math.min(stats.fewest, model.steps);
      },
    ),
    {
      numRuns: options.runs,
      seed: options.seed,
      path: options.path,
      endOnFailure: options.path !== undefined,
      ...(options.timeLimitMs !== undefined && { interruptAfterTimeLimit: options.timeLimitMs }),
    },
  );
  return stats;
}
