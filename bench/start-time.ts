/**
 * How long `npm start` takes until the server answers: a cold start on an empty DATA_DIR,
 * then restarts on that same DATA_DIR. Each run spawns `npm start`, polls GET /api/health every 25 ms
 * and stops the server (its whole process group) once it answers 200. Prints each run and the median.
 * Run: node --import tsx bench/start-time.ts (BENCH_PORT, BENCH_RUNS to change). `--rebuild` removes
 * the build stamp before each cold start, to time the start that has to build the web app first.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { median } from './support';

const PORT = Number(process.env.BENCH_PORT ?? 3999);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const ROOT = path.resolve(import.meta.dirname, '..');

function start(dataDir: string): ChildProcess {
  return spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
}

async function answers(): Promise<boolean> {
  try {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/health`);
    return response.ok;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  if (child.pid) process.kill(-child.pid, 'SIGTERM');
  await exited;
}

async function timeStart(dataDir: string): Promise<number> {
  const began = performance.now();
  const child = start(dataDir);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  while (!(await answers())) {
    if (child.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
    if (performance.now() - began > 120_000) throw new Error(`no answer after 120 s:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  const elapsed = performance.now() - began;
  await stop(child);
  return elapsed;
}

async function main() {
  const rebuild = process.argv.includes('--rebuild');
  const cold: number[] = [];
  const restart: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-start-'));
    if (rebuild) fs.rmSync(path.join(ROOT, 'dist/.web-sources-hash'), { force: true });
    cold.push(await timeStart(dataDir));
    restart.push(await timeStart(dataDir));
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.log(`run ${run + 1}: cold ${Math.round(cold[run])} ms, restart ${Math.round(restart[run])} ms`);
  }
  console.log(`median: cold ${Math.round(median(cold))} ms, restart ${Math.round(median(restart))} ms`);
  console.log(
    `load average: ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
}

await main();
