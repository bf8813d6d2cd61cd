import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type Rolldown } from 'vite';
import { DAILY_SCREENS, type Manifest, staticClosure } from './web-budget';

const WEB = path.resolve(import.meta.dirname, '../../src/web');

/**
 * Puts what the missionary's first screens share, beyond the first page, into one chunk, "daily".
 *
 * Left to itself the bundler cuts those modules into ~45 small shared chunks, one per set of screens
 * that uses them (Stack, Divider, ListItemText…). A phone's first signed-in load then fetched and
 * the page inserted ~50 modulepreload links: 52 links took 139 ms of main thread at 4× slower CPU,
 * and the requests queue on six connections. One chunk holds exactly what the dashboard needed
 * anyway, so its bytes do not grow (docs/performance.md, "One chunk for the missionary's day").
 *
 * Which modules those are is read from a first, unminified pass of the same app (about 1 s): the
 * module graph the chunking step is given still imports every component of `@mui/material` through
 * its index, so only the chunks after tree-shaking say what a screen really uses.
 */
export function dailyChunk(): Plugin {
  return {
    name: 'sheepfold:daily-chunk',
    apply: 'build',
    async config() {
      const daily = await dailyModules();
      return {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                // The daily modules' own imports are in the first page or in "daily" already; pulling
                // them in again would move first-page modules into this lazily loaded chunk.
                groups: [
                  { name: (id: string) => (daily.has(id) ? 'daily' : null), includeDependenciesRecursively: false },
                ],
              },
            },
          },
        },
      };
    },
  };
}

/** The modules of the chunks the daily screens load that the first page does not, screens excluded. */
async function dailyModules(): Promise<Set<string>> {
  const output = await build({
    configFile: false,
    root: WEB,
    logLevel: 'silent',
    plugins: [react(), virtualModuleStub],
    build: { write: false, minify: false, modulePreload: false, reportCompressedSize: false },
  });
  const chunks = (Array.isArray(output) ? output : [output])
    .flatMap((result) => ('output' in result ? result.output : []))
    .filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  // The chunk graph in the build manifest's shape, so web-budget.ts's closure walks it.
  const graph: Manifest = Object.fromEntries(
    chunks.map((chunk) => [chunk.fileName, { file: chunk.fileName, imports: chunk.imports }]),
  );
  const closure = (roots: Rolldown.OutputChunk[]) =>
    staticClosure(
      graph,
      roots.map((chunk) => chunk.fileName),
    );
  const entry = chunks.filter((chunk) => chunk.isEntry);
  const screenIds = DAILY_SCREENS.map((screen) => path.join(WEB, screen));
  const screens = screenIds.map((id) => {
    const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
    if (!chunk) throw new Error(`daily chunk: ${id} is not a chunk of its own`);
    return chunk;
  });
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const firstPage = closure(entry);
  const daily = new Set<string>();
  for (const file of closure([...entry, ...screens])) {
    if (firstPage.has(file)) continue;
    for (const id of byFile.get(file)?.moduleIds ?? []) if (!screenIds.includes(id)) daily.add(id);
  }
  return daily;
}

/** The first pass runs without the PWA plugin; its virtual module only has to resolve. */
const virtualModuleStub: Plugin = {
  name: 'sheepfold:virtual-stub',
  resolveId: (id) => (id.startsWith('virtual:') ? `\0${id}` : null),
  load: (id) => (id.startsWith('\0virtual:') ? 'export const registerSW = () => () => undefined;' : null),
};
