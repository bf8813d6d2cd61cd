import type { EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { Box } from '@mui/material';
import { cleanup, render } from '@testing-library/react';
import { createStyleCache, saveStyles } from './style-cache';

/** A page's worth of styles: one sx style, drawn with the cache. */
function draw(cache: EmotionCache, color: string) {
  render(
    <CacheProvider value={cache}>
      <Box sx={{ color, padding: '3px' }}>styled</Box>
    </CacheProvider>,
  );
}

/** The rules in the document's emotion style elements, as the browser read them. */
const rulesInDocument = () =>
  Array.from(document.querySelectorAll('style[data-emotion]')).flatMap((tag) =>
    Array.from((tag as HTMLStyleElement).sheet?.cssRules ?? [], (rule) => rule.cssText),
  );

/** A new page: the previous visit's style elements gone, only storage left. */
function newVisit() {
  cleanup();
  for (const tag of document.querySelectorAll('style[data-emotion]')) tag.remove();
}

describe('styles kept between visits', () => {
  let storage: Storage;
  beforeEach(() => {
    newVisit();
    storage = window.sessionStorage;
    storage.clear();
  });

  it('puts back the last visit’s rules, and emotion does not build them again', () => {
    const first = createStyleCache('build-1', storage);
    draw(first, 'rgb(1, 2, 3)');
    const names = Object.keys(first.inserted);
    expect(names.length).toBeGreaterThan(0);
    expect(saveStyles(first, 'build-1', storage)).toBe(true);

    newVisit();
    expect(rulesInDocument()).toEqual([]);
    const second = createStyleCache('build-1', storage);
    // Before any render: the same names count as inserted, and their rules are in the document.
    expect(Object.keys(second.inserted).sort()).toEqual([...names].sort());
    expect(rulesInDocument().join('\n')).toContain('color: rgb(1, 2, 3)');
    const before = rulesInDocument().length;
    draw(second, 'rgb(1, 2, 3)');
    // The same style drawn again inserts nothing; a new one is added after the kept ones.
    expect(rulesInDocument()).toHaveLength(before);
    draw(second, 'rgb(4, 5, 6)');
    expect(rulesInDocument().length).toBeGreaterThan(before);
  });

  it('starts empty for another build, a broken entry, or too much to keep', () => {
    const first = createStyleCache('build-1', storage);
    draw(first, 'rgb(1, 2, 3)');
    saveStyles(first, 'build-1', storage);
    newVisit();
    expect(Object.keys(createStyleCache('build-2', storage).inserted)).toEqual([]);
    expect(rulesInDocument()).toEqual([]);

    storage.setItem('sheepfold-styles', '{not json');
    expect(Object.keys(createStyleCache('build-1', storage).inserted)).toEqual([]);

    // Over the limit the store is dropped rather than kept half.
    const big = createStyleCache('build-1', storage);
    draw(big, 'rgb(1, 2, 3)');
    big.sheet.tags[0]?.sheet?.insertRule(`.huge { content: "${'x'.repeat(400_000)}"; }`, 0);
    expect(saveStyles(big, 'build-1', storage)).toBe(false);
    expect(storage.getItem('sheepfold-styles')).toBeNull();
  });
});
