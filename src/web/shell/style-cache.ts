import createCache, { type EmotionCache } from '@emotion/cache';
import { whenIdle } from './when-idle';

/**
 * The styles this device's last visit made, put back before the first render.
 *
 * MUI styles through emotion: the first time a page draws a component, emotion turns each of its
 * styles into CSS (stylis) and inserts the rules, all in the commit that shows the page, one task
 * the phone cannot interrupt. On the missionary's dashboard that was most of the longest task of the
 * load (docs/performance.md, "The dashboard's first load"). Emotion already knows how to start from
 * styles a server rendered: a `<style data-emotion="css name1 name2 …">` present when its cache is
 * created marks those names as inserted, and they are never built again. This module plays that
 * server: it keeps the rules and their names in localStorage, and writes them back as that style
 * element before the cache is made.
 *
 * What is kept is exactly what emotion inserted (the same class names, from the same hashes of the
 * same styles), so a page looks as it would after the screens of the last visit had been opened in
 * this one. A new build (another `version`) starts empty; so does a broken or oversized entry.
 */
const STORE_KEY = 'sheepfold-styles';
/** Five screens' rules measured 50–75 KB; past this the store starts over. */
const MAX_CHARS = 400_000;

interface StoredStyles {
  version: string;
  names: string[];
  css: string;
}

/** The app's emotion cache (key "css", as MUI's default), after putting back the stored styles of `version`. */
export function createStyleCache(version: string, storage: Storage = localStorage): EmotionCache {
  const stored = read(storage);
  if (stored && stored.version === version && stored.names.length > 0) {
    const style = document.createElement('style');
    style.setAttribute('data-emotion', `css ${stored.names.join(' ')}`);
    style.textContent = stored.css;
    document.head.appendChild(style);
  }
  return createCache({ key: 'css' });
}

function read(storage: Storage): StoredStyles | null {
  try {
    const value = JSON.parse(storage.getItem(STORE_KEY) ?? 'null') as StoredStyles | null;
    return value && typeof value.css === 'string' && Array.isArray(value.names) ? value : null;
  } catch {
    return null;
  }
}

/** Every rule the cache holds now (those put back and those inserted since), as CSS text. */
function rulesOf(cache: EmotionCache): string {
  const rules: string[] = [];
  for (const tag of cache.sheet.tags) {
    for (const rule of Array.from(tag.sheet?.cssRules ?? [])) rules.push(rule.cssText);
  }
  return rules.join('\n');
}

/** How many style names the cache holds: emotion only ever adds names, so a new count means new styles. */
const nameCount = (cache: EmotionCache) => Object.keys(cache.inserted).length;

/** Keeps the cache's styles for the next visit (false when they are too many to keep, or storage refuses). */
export function saveStyles(cache: EmotionCache, version: string, storage: Storage = localStorage): boolean {
  const names = Object.keys(cache.inserted).filter((name) => cache.inserted[name] === true);
  const css = rulesOf(cache);
  try {
    if (css.length > MAX_CHARS) {
      storage.removeItem(STORE_KEY);
      return false;
    }
    storage.setItem(STORE_KEY, JSON.stringify({ version, names, css } satisfies StoredStyles));
    return true;
  } catch {
    // Storage full or refused (private mode): the next visit builds its styles as before.
    return false;
  }
}

/**
 * Saves when the page is hidden (a phone switching apps, a tab closed) and once the first screen has
 * settled, so a visit that is never hidden still leaves its styles; only when emotion has inserted
 * styles since the last save (a visit that opens only known screens writes nothing).
 */
export function keepStyles(cache: EmotionCache, version: string): void {
  let saved = nameCount(cache);
  const save = () => {
    if (nameCount(cache) === saved) return;
    saved = nameCount(cache);
    saveStyles(cache, version);
  };
  addEventListener('pagehide', save);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') save();
  });
  setTimeout(() => whenIdle(save), 5_000);
}
