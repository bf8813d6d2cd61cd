import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/**
 * A page loaded on first use: each screen group is its own chunk, so a missionary's phone never
 * downloads the staff screens (the JavaScript budgets checked by test/web-budget.test.ts). The shell's
 * Suspense shows Loading while the chunk arrives.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint; props stay typed through M[K]
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
