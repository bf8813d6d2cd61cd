/**
 * Tells zod never to compile schemas with `new Function`. It does when it may, and first probes
 * whether it may; the page's Content-Security-Policy (script-src 'self', docs/security.md) forbids
 * it, and the browser reported the probe as a CSP violation on every screen that parses an answer
 * (Lighthouse, best practices). The browser parses small answers, where the compiled path buys
 * nothing.
 *
 * zod keeps its settings on `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and reads the flag
 * at its first parse. Setting it there, not through `z.config()`, keeps zod out of the first page's
 * script (importing `config` added 3.7 KiB gzipped to the login page); `zod-without-eval.test.ts`
 * fails if zod stops reading it.
 */
export function zodWithoutEval(): void {
  const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
  holder.__zod_globalConfig ??= {};
  holder.__zod_globalConfig.jitless = true;
}
