import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

/** A lazily loaded page that can also start loading its chunk before React first draws it. */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint
export type LazyPage<C extends ComponentType<any>> = LazyExoticComponent<C> & { preload: () => void };

/**
 * A page loaded on first use: each screen group is its own chunk, so a missionary's phone never
 * downloads the staff screens (the JavaScript budgets checked by test/web-budget.test.ts). The shell's
 * Suspense shows Loading while the chunk arrives. `preload` starts the same download early
 * (main.tsx, for the address the app opens on); React's own load then finds it under way.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own constraint; props stay typed through M[K]
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyPage<M[K]> {
  let loading: Promise<M> | undefined;
  const once = () => {
    loading ??= load();
    return loading;
  };
  const page = lazy(() => once().then((module) => ({ default: module[name] })));
  return Object.assign(page, {
    preload: () => {
      once().catch(() => undefined); // a failed download fails again, visibly, when React loads the page
    },
  });
}
