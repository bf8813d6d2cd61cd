/**
 * Module resolution hooks (see register.mjs): a layer's module resolves to its stand-in in this
 * folder, for every importer but the stand-ins themselves (which re-export the real module's other
 * parts). Plain JavaScript: hooks run before tsx can compile TypeScript.
 */
const LAYERS = {
  'statement-cache': 'src/server/db/statement-cache.ts',
  'list-counts': 'src/server/http/list-counts.ts',
  'bulk-load': 'src/server/donations/bulk-load.ts',
  'search-terms': 'src/server/donations/donation-search.ts',
};
const HERE = new URL('./', import.meta.url).href;
const ROOT = new URL('../../', import.meta.url).href;
const standIns = new Map();

export function initialize({ without }) {
  for (const layer of without.split(',').filter(Boolean)) {
    if (!LAYERS[layer]) throw new Error(`BENCH_WITHOUT: no layer "${layer}" (${Object.keys(LAYERS).join(', ')})`);
    standIns.set(new URL(LAYERS[layer], ROOT).href, new URL(`${layer}.ts`, HERE).href);
  }
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  const standIn = standIns.get(resolved.url.split('?')[0]);
  if (!standIn || context.parentURL?.startsWith(HERE)) return resolved;
  return { ...resolved, url: standIn, shortCircuit: true };
}
