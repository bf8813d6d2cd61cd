import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * Real server processes for the tests that need them (backups, two nodes on one database): the
 * production entry point (src/server/main.ts) with its own environment, reached over HTTP.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  url: string;
  pid: number;
  output(): string;
  /** SIGTERM and wait for the exit. */
  stop(): Promise<void>;
  /** SIGKILL: the process dies mid-whatever, as a crashed node would. */
  kill(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/** Runs a TypeScript entry point of this repository (a script) to its end; rejects on a non-zero exit. */
export async function runScript(script: string, args: string[], env: Record<string, string>): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, script), ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${script} exited with ${code}:\n${output}`);
  return output;
}

// A guard against a server that never starts, not a measure of speed: on a shared 2-core machine at
// load 13 a fresh server through tsx took 76 s to answer its health check.
export async function startServer(env: Record<string, string>, timeoutMs = 240_000): Promise<ServerProcess> {
  const port = await freePort();
  // SERVER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=.tmp/prof") profiles the server a bench starts.
  const nodeArgs = (process.env.SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...env },
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${url}/api/health`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid as number,
    output: () => output,
    async stop() {
      child.kill('SIGTERM');
      await exited(child);
    },
    async kill() {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}

export interface HttpResult<T = any> {
  status: number;
  body: T;
  raw: Buffer;
}

/** One API call over HTTP: JSON in, JSON (or bytes) out. */
export async function http<T = any>(
  base: string,
  method: string,
  url: string,
  options: { token?: string; json?: unknown; form?: FormData } = {},
): Promise<HttpResult<T>> {
  const headers: Record<string, string> = {};
  if (options.token) headers['api-token'] = options.token;
  let body: string | FormData | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(`${base}${url}`, { method, headers, body });
  const raw = Buffer.from(await response.arrayBuffer());
  const isJson = (response.headers.get('content-type') ?? '').includes('application/json');
  return { status: response.status, body: (isJson ? JSON.parse(raw.toString('utf8')) : raw) as T, raw };
}
