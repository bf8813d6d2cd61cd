import type { DbOrTx } from './client';
import { type BuiltStatement, statementCache } from './statement-cache';

/** The cache keeps one statement per shape and handle, and no more than its limit of shapes. */
const statement = (rows: number[]): BuiltStatement<number> => ({ execute: async () => rows });
const one = {} as DbOrTx;
const other = {} as DbOrTx;

it('builds a shape once per database handle', () => {
  const cache = statementCache<number>();
  let builds = 0;
  const build = () => {
    builds += 1;
    return statement([builds]);
  };
  const first = cache.get(one, 'a', build);
  expect(cache.get(one, 'a', build)).toBe(first);
  expect(cache.get(other, 'a', build)).not.toBe(first);
  expect(cache.get(one, 'b', build)).not.toBe(first);
  // a on one, a on other, b on one
  expect(builds).toBe(3);
  expect([cache.size(one), cache.size(other)]).toEqual([2, 1]);
});

it('keeps at most its limit of shapes and builds any further shape on each call', () => {
  const cache = statementCache<number>(2);
  let builds = 0;
  const build = () => {
    builds += 1;
    return statement([]);
  };
  for (const shape of ['a', 'b', 'c', 'c', 'a']) cache.get(one, shape, build);
  // a, b kept; c built twice (not kept); the second a comes from the cache
  expect(builds).toBe(4);
  expect(cache.size(one)).toBe(2);
});
