/**
 * Whether a performance layer earns its place, measured in one run: the same work with the layer and
 * without it, alternated round by round (the order flipped every round), so a change in the shared
 * machine's load touches both alike; medians and their ratio are printed, with the load average.
 *
 * "Without" is the product's code with the layer's module swapped for a stand-in in bench/without/
 * (module hooks loaded by bench/without/register.mjs; the product has no switch of its own). A bench
 * that measures a server process starts one with `withoutEnv(layer)`; one that measures in its own
 * process runs itself as a child per sample.
 *
 * BENCH_AB names the layers to compare, comma-separated: statement-cache, list-counts (bench:lists,
 * and their triggers' cost in bench:import-http), search-terms (the same), bulk-load
 * (BENCH_PGLITE=1 bench:import-http). BENCH_ROUNDS rounds (default 5).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { median } from './support';

export const LAYERS = ['statement-cache', 'list-counts', 'search-terms', 'bulk-load'] as const;
export type Layer = (typeof LAYERS)[number];

/** The layers BENCH_AB names (none when unset). */
export function layersToCompare(): Layer[] {
  const named = (process.env.BENCH_AB ?? '').split(',').filter(Boolean);
  for (const name of named) {
    if (!LAYERS.includes(name as Layer)) throw new Error(`BENCH_AB: no layer "${name}" (${LAYERS.join(', ')})`);
  }
  return named as Layer[];
}

export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

/** A process's environment without `layer`: its module resolves to bench/without/<layer>.ts. */
export function withoutEnv(layer: Layer): Record<string, string> {
  const register = path.resolve(import.meta.dirname, 'without/register.mjs');
  return {
    BENCH_WITHOUT: layer,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --import=${register}`.trim(),
  };
}

export type Variant = 'with' | 'without';

/** `measure` with and without, `rounds` times, starting with the other variant each round. */
export async function alternate<T>(
  rounds: number,
  measure: (variant: Variant, round: number) => Promise<T>,
): Promise<Record<Variant, T[]>> {
  const samples: Record<Variant, T[]> = { with: [], without: [] };
  for (let round = 0; round < rounds; round++) {
    const order: Variant[] = round % 2 === 0 ? ['with', 'without'] : ['without', 'with'];
    for (const variant of order) samples[variant].push(await measure(variant, round));
  }
  return samples;
}

export const loadAverage = () => os.loadavg()[0].toFixed(1);

/**
 * A Markdown row: median with and without (each run in brackets) and the speed-up the layer gives,
 * as a factor over 1 (1.25 = 25 % more requests a second, or the work done in 1/1.25 of the time).
 */
export function abRow(label: string, samples: Record<Variant, number[]>, kind: 'per second' | 'ms'): string {
  const withMedian = median(samples.with);
  const withoutMedian = median(samples.without);
  const speedUp = kind === 'per second' ? withMedian / withoutMedian : withoutMedian / withMedian;
  const shown = (value: number) => value.toFixed(value < 10 ? 2 : value < 100 ? 1 : 0);
  const runs = (values: number[]) => values.map(shown).join(' / ');
  return `| ${label} | ${shown(withMedian)} (${runs(samples.with)}) | ${shown(withoutMedian)} (${runs(samples.without)}) | ${speedUp.toFixed(2)} |`;
}

export const AB_HEADER = (unit: string) =>
  `| case | with the layer, median ${unit} (runs) | without, median ${unit} (runs) | speed-up with ÷ without |\n| --- | --- | --- | --- |`;

/** The CPU milliseconds (user and system) each process has used so far; one that has exited is left out. */
export function cpuMsByProcess(pids: number[]): Map<number, number> {
  const used = new Map<number, number>();
  for (const pid of pids) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      // Fields after the command's closing parenthesis: state is field 3, utime 14 and stime 15.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      used.set(pid, (Number(fields[11]) + Number(fields[12])) * (1000 / CLOCK_TICKS));
    } catch {
      // exited
    }
  }
  return used;
}

const CLOCK_TICKS = 100;

/** CPU milliseconds used between two readings: a process new since the first counts whole. */
export function cpuMsBetween(before: Map<number, number>, after: Map<number, number>): number {
  let used = 0;
  for (const [pid, ms] of after) used += ms - (before.get(pid) ?? 0);
  return used;
}
