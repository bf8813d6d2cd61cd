import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const HOLDER = path.join(ROOT, 'src/server/test-support/hold-data-dir-lock.ts');

let dataDir: string;
beforeEach(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheepfold-lock-'));
});
afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const lockFile = () => path.join(dataDir, 'sheepfold.lock');

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

function finished(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

/** A TypeScript child process; one that is still running after 40 s is killed, so no test leaves one behind. */
function spawnTs(file: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', file, ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  child.on('exit', () => clearTimeout(timer));
  return child;
}

/** Starts a holder process and resolves once it holds the lock. */
async function holdInChild(): Promise<ChildProcess> {
  const child = spawnTs(HOLDER, [dataDir]);
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if (output.includes('locked')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`holder exited with ${code} before locking`)));
  });
  return child;
}

async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('the DATA_DIR lock', () => {
  it('makes a second server on the same DATA_DIR refuse to start, with a clear message, before opening the database', async () => {
    const lock = lockDataDir(dataDir);
    try {
      const server = spawnTs(path.join(ROOT, 'src/server/main.ts'), [], {
        DATA_DIR: dataDir,
        PORT: '0',
        LOG_LEVEL: 'silent',
      });
      const result = await finished(server);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(
        `The data directory ${dataDir} is in use by another Sheepfold process (pid ${process.pid}).`,
      );
      expect(result.stderr).toContain('Stop that process first, or use a different DATA_DIR.');
      expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
      // The refused process leaves the holder's lock alone.
      expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    } finally {
      lock.release();
    }
    expect(fs.existsSync(lockFile())).toBe(false);
  }, 60_000);

  it('refuses a second process while the first holds the lock, and lets it in once released', async () => {
    const first = await holdInChild();
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(first.pid));
    const second = await finished(spawnTs(HOLDER, [dataDir]));
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`is in use by another Sheepfold process (pid ${first.pid})`);
    // In this process too.
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);

    const firstDone = finished(first);
    first.stdin?.end();
    expect((await firstDone).code).toBe(0);
    expect(fs.existsSync(lockFile())).toBe(false);
    const lock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
  }, 60_000);

  it('takes over a lock left by a process that died', async () => {
    const crashed = await holdInChild();
    const crashedDone = finished(crashed);
    crashed.kill('SIGKILL');
    await crashedDone;
    // The lock file is still there, naming a dead process.
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(crashed.pid));

    const next = await holdInChild();
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(next.pid));
    const nextDone = finished(next);
    next.stdin?.end();
    await nextDone;
  }, 60_000);

  it('takes over stale and unreadable lock files in-process', async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(lockFile(), String(await deadPid()));
    const lock = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    lock.release();
    fs.writeFileSync(lockFile(), 'garbage');
    const again = lockDataDir(dataDir);
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe(String(process.pid));
    again.release();
    // Releasing twice is harmless and never removes someone else's lock.
    fs.writeFileSync(lockFile(), '424242');
    again.release();
    expect(fs.readFileSync(lockFile(), 'utf8')).toBe('424242');
  });
});
