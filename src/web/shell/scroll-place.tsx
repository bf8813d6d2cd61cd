import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Where the reader was on each history entry (its location key), as long as the tab lives. */
const positions = new Map<string, number>();

/**
 * A new page opens at its top; back and forward return to where the reader was on that page; a
 * change of the same page's address (a table's search, sort or page in the query string) leaves the
 * reader where they are. The data router's ScrollRestoration did this, but that router costs the
 * first page 17 KiB of JavaScript (docs/performance.md, "The router"); the declarative router needs
 * these few lines.
 */
export function ScrollPlace() {
  const { key, pathname } = useLocation();
  const type = useNavigationType();
  const shown = useRef({ key, pathname });
  useEffect(() => {
    // The browser's own restoring would act before a lazily loaded page has its height.
    window.history.scrollRestoration = 'manual';
    const keep = () => positions.set(shown.current.key, window.scrollY);
    window.addEventListener('scroll', keep, { passive: true });
    return () => window.removeEventListener('scroll', keep);
  }, []);
  useLayoutEffect(() => {
    const samePage = shown.current.pathname === pathname;
    shown.current = { key, pathname };
    if (type !== 'POP' && samePage) {
      positions.set(key, window.scrollY);
      return;
    }
    const top = type === 'POP' ? (positions.get(key) ?? 0) : 0;
    window.scrollTo(0, top);
    // A page still loading its chunk is short at first: try again once it has drawn.
    const frame = requestAnimationFrame(() => window.scrollTo(0, top));
    return () => cancelAnimationFrame(frame);
  }, [key, type, pathname]);
  return null;
}
