import { useEffect, useState } from 'react';

/** docs/product.md §9 debounces: input 300 ms, user search and comments 500 ms. */
export const INPUT_DEBOUNCE_MS = 300;
export const SEARCH_DEBOUNCE_MS = 500;

export function useDebouncedValue<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}
