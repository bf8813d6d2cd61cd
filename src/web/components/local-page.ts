import type { Page } from '../api/types';
import type { ListParams } from './DataTable';

/** Pages, sorts and searches an in-memory list the same way the server does, for DataTable. */
export function localPage<T>(rows: readonly T[], params: ListParams, searchKeys: ReadonlyArray<keyof T>): Page<T> {
  const q = params.q?.trim().toLowerCase();
  const filtered = q
    ? rows.filter((row) =>
        searchKeys.some((key) =>
          String(row[key] ?? '')
            .toLowerCase()
            .includes(q),
        ),
      )
    : [...rows];
  const key = params.order_by as keyof T;
  filtered.sort((a, b) => {
    const left = a[key];
    const right = b[key];
    const order =
      typeof left === 'number' && typeof right === 'number'
        ? left - right
        : String(left ?? '').localeCompare(String(right ?? ''), undefined, { numeric: true });
    return params.order === 'asc' ? order : -order;
  });
  const start = params.page * params.limit;
  return { data: filtered.slice(start, start + params.limit), total_count: filtered.length };
}
