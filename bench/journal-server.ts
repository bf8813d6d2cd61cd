/**
 * The server of `npm run bench:journal`, in a process of its own, forked by bench/journal.ts once
 * per measured download: the server's memory is then only its own (not the client's, not the seeding's,
 * not an earlier export's heap that V8 has not given back), so a quarter and a year start equal.
 *
 * The real app on the bench's scratch database (BENCH_JOURNAL_URL), listening on a free port, which it
 * sends to its parent. Messages: `watch` and `peaks` (the peak of each
 * process.memoryUsage() figure in between) and `stop`; each is answered once done.
 */
import { openPostgres } from '../src/server/db/client';
import { benchApp, benchContext } from './support';

const url = process.env.BENCH_JOURNAL_URL;
if (!url || !process.send) throw new Error('bench/journal-server.ts is forked by bench/journal.ts.');
const send = (message: Record<string, unknown>) => process.send?.(message);

const database = openPostgres(url, 4, () => {});
const bench = benchContext(database);
const app = await benchApp(bench);
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
send({ port: typeof address === 'object' && address !== null ? address.port : 0 });

/** The largest of each of process.memoryUsage()'s figures since `watch`, sampled every 10 ms. */
let peaks: Record<string, number> = {};
let watching: NodeJS.Timeout | undefined;
const sample = () => {
  for (const [name, bytes] of Object.entries(process.memoryUsage())) peaks[name] = Math.max(peaks[name] ?? 0, bytes);
};

process.on('message', async (message) => {
  if (message === 'watch') {
    peaks = {};
    sample();
    watching = setInterval(sample, 10);
    send({ done: 'watch' });
  } else if (message === 'peaks') {
    clearInterval(watching);
    sample();
    send({ done: 'peaks', peaks });
  } else if (message === 'stop') {
    await app.close();
    await database.close();
    bench.dispose();
    send({ done: 'stop' });
    // A normal exit, so --cpu-prof writes its profile.
    process.exit(0);
  }
});
