import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  FormControl,
  InputAdornment,
  InputLabel,
  LinearProgress,
  OutlinedInput,
  Paper,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useContext, useEffect, useId, useState } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useSearchParams } from 'react-router';
import type { Page } from '../api/types';
import { INPUT_DEBOUNCE_MS, useDebouncedValue } from '../hooks/useDebouncedValue';
import { RowCards, RowTable } from './DataTableRows';
import { ErrorState } from './ErrorState';
import { Pager } from './Pager';

export const PAGE_SIZES = [10, 30, 50, 100];

export interface Column<T> {
  key: string;
  label: string;
  /** Server sort key (order_by); omitted means not sortable. */
  sortKey?: string;
  align?: 'left' | 'right' | 'center';
  render?: (row: T) => ReactNode;
  /** Hidden in the phone card view. */
  hideOnMobile?: boolean;
  /** Long unbroken text (emails, account numbers) may wrap anywhere, so the table fits beside the menu. */
  wrap?: boolean;
}

export interface ListParams {
  page: number;
  limit: number;
  order_by: string;
  order: 'asc' | 'desc';
  q?: string;
  /**
   * Keyset continuation: the `next_cursor`/`prev_cursor` of the page the arrow was pressed
   * on, so page 5,000 costs the server what page 0 costs. Any other change (sort, search, size,
   * filter) drops it and the list goes back to `page`.
   */
  cursor?: string;
}

export interface DataTableProps<T> {
  /** Stable key of the list; the params are appended. */
  queryKey: readonly unknown[];
  fetchPage(params: ListParams): Promise<Page<T>>;
  columns: Column<T>[];
  rowKey(row: T): string | number;
  /** Row actions (buttons, menus) in the last column / card footer. */
  actions?: (row: T) => ReactNode;
  title?: string;
  searchLabel?: string;
  emptyText?: string;
  defaultLimit?: number;
  defaultOrderBy?: string;
  /** Direction of the default sort: newest-first lists keep 'desc', names and rows read 'asc'. */
  defaultOrder?: 'asc' | 'desc';
  /** Prefix of the address query keys when a page holds more than one table. */
  urlPrefix?: string;
  /** Extra controls beside the search box (filters). */
  toolbar?: ReactNode;
  selection?: { selected: ReadonlyArray<string | number>; onChange(next: Array<string | number>): void };
  onRowClick?: (row: T) => void;
  /** Told the rows of each page as it arrives (a page that must remember selected rows' details). */
  onRowsLoaded?: (rows: T[]) => void;
}

/** The cursor that reaches `page` from `current` by one arrow press; none for page 0 or a jump. */
export function cursorTo(
  page: number,
  current: number,
  shown: { next_cursor?: string | null; prev_cursor?: string | null } | undefined,
): string | undefined {
  if (page === 0) return undefined;
  if (page === current + 1) return shown?.next_cursor ?? undefined;
  if (page === current - 1) return shown?.prev_cursor ?? undefined;
  return undefined;
}

function orderOf(value: string | null, fallback: 'asc' | 'desc'): 'asc' | 'desc' {
  return value === 'asc' || value === 'desc' ? value : fallback;
}

/** Page, size, sort and search as the address query holds them; the search box writes it debounced. */
function useListParams<T>(props: DataTableProps<T>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const prefix = props.urlPrefix ? `${props.urlPrefix}_` : '';
  const read = (key: string) => searchParams.get(prefix + key);

  const params: ListParams = {
    page: Math.max(0, Number(read('page') ?? 0) || 0),
    limit: PAGE_SIZES.includes(Number(read('limit'))) ? Number(read('limit')) : (props.defaultLimit ?? 10),
    order_by: read('order_by') ?? props.defaultOrderBy ?? 'id',
    order: orderOf(read('order'), props.defaultOrder ?? 'desc'),
    q: read('q') ?? undefined,
  };

  const apply = (current: URLSearchParams, changes: Partial<Record<keyof ListParams, string | number | undefined>>) => {
    const next = new URLSearchParams(current);
    for (const [key, value] of Object.entries(changes)) {
      if (value === undefined || value === '') next.delete(prefix + key);
      else next.set(prefix + key, String(value));
    }
    return next;
  };
  const update = (changes: Partial<Record<keyof ListParams, string | number | undefined>>) => {
    setSearchParams((current) => apply(current, changes), { replace: true });
  };

  // The cursor is kept with the exact address it was made for: a filter, sort, search or size change
  // (here or in a toolbar), or a reload, leaves it behind and the list falls back to `page`.
  const [cursorFor, setCursorFor] = useState<{ address: string; cursor: string } | null>(null);
  if (cursorFor && cursorFor.address === searchParams.toString()) params.cursor = cursorFor.cursor;
  const goToPage = (page: number, shown: Parameters<typeof cursorTo>[2]) => {
    const next = apply(searchParams, { page: page || undefined });
    const cursor = cursorTo(page, params.page, shown);
    setCursorFor(cursor ? { address: next.toString(), cursor } : null);
    setSearchParams(next, { replace: true });
  };

  const [search, setSearch] = useState(params.q ?? '');
  const debouncedSearch = useDebouncedValue(search, INPUT_DEBOUNCE_MS);
  const location = useLocation();
  const dataRouter = useContext(UNSAFE_DataRouterContext);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only the debounced text drives the address
  useEffect(() => {
    // A row link followed before the debounce settled: the table stays on screen while the next page
    // loads, and its late search must not land on that page's address (dropping its ?return=).
    if (dataRouter && dataRouter.router.state.location.key !== location.key) return;
    if ((debouncedSearch || undefined) !== params.q) update({ q: debouncedSearch, page: undefined });
  }, [debouncedSearch]);

  return { params, update, goToPage, search, setSearch };
}

/** The ticked rows, and ticking one row or every row of the page. */
function selectionOf<T>(props: DataTableProps<T>, rows: T[]) {
  const selected = new Set(props.selection?.selected ?? []);
  const toggleAll = (checked: boolean) => {
    if (!props.selection) return;
    const keys = rows.map(props.rowKey);
    const others = props.selection.selected.filter((key) => !keys.includes(key));
    props.selection.onChange(checked ? [...others, ...keys] : others);
  };
  const toggle = (key: string | number) => {
    if (!props.selection) return;
    props.selection.onChange(
      selected.has(key) ? props.selection.selected.filter((k) => k !== key) : [...props.selection.selected, key],
    );
  };
  return { selected, toggle, toggleAll };
}

/**
 * A server-paginated table: page, sort and search live in the address query (docs/product.md §2.3), search
 * resets the page, page sizes 10/30/50/100. On phones rows become cards.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const searchId = useId();
  const { params, update, goToPage, search, setSearch } = useListParams(props);

  const query = useQuery({
    queryKey: [...props.queryKey, params],
    queryFn: () => props.fetchPage(params),
    placeholderData: keepPreviousData,
  });
  const rows = query.data?.data ?? [];
  const { onRowsLoaded } = props;
  useEffect(() => {
    if (query.data) onRowsLoaded?.(query.data.data);
  }, [query.data, onRowsLoaded]);
  const total = query.data?.total_count ?? 0;
  const { selected, toggle, toggleAll } = selectionOf(props, rows);
  const visibleColumns = props.columns.filter((column) => !(phone && column.hideOnMobile));

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ p: 1.5, alignItems: { sm: 'center' } }}>
        {props.title && (
          <Typography variant="h2" sx={{ flexGrow: 1 }}>
            {props.title}
          </Typography>
        )}
        {props.toolbar}
        {/* The parts of an outlined TextField: TextField itself would bring Select and Popover along. */}
        <FormControl variant="outlined" fullWidth sx={{ maxWidth: { sm: 280 } }}>
          <InputLabel htmlFor={searchId}>{props.searchLabel ?? 'Search'}</InputLabel>
          <OutlinedInput
            id={searchId}
            label={props.searchLabel ?? 'Search'}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            startAdornment={
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            }
          />
        </FormControl>
      </Stack>
      <Box sx={{ height: 4 }}>{query.isFetching && <LinearProgress aria-label="Loading" />}</Box>
      {query.isError && (
        <Box sx={{ p: 2 }}>
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        </Box>
      )}
      {!query.isError && rows.length === 0 && (
        // While the first page loads, the empty message's place is kept (hidden): an empty list then
        // does not push what is below it down when it arrives, a layout shift of 0.05 on the
        // missionary's dashboard (docs/performance.md, "Lighthouse").
        <Typography
          sx={{ p: 3, textAlign: 'center', visibility: query.isPending ? 'hidden' : undefined }}
          aria-hidden={query.isPending || undefined}
          color="text.secondary"
        >
          {params.q ? `Nothing matches “${params.q}”.` : (props.emptyText ?? 'Nothing here yet.')}
        </Typography>
      )}
      {rows.length > 0 &&
        (phone ? (
          <RowCards rows={rows} columns={visibleColumns} table={props} selected={selected} toggle={toggle} />
        ) : (
          <RowTable
            rows={rows}
            columns={visibleColumns}
            table={props}
            selected={selected}
            toggle={toggle}
            params={params}
            toggleAll={toggleAll}
            sortBy={(sortKey) =>
              update({
                order_by: sortKey,
                order: params.order_by === sortKey && params.order === 'asc' ? 'desc' : 'asc',
                page: undefined,
              })
            }
          />
        ))}
      <Pager
        total={total}
        page={total === 0 ? 0 : Math.min(params.page, Math.max(0, Math.ceil(total / params.limit) - 1))}
        limit={params.limit}
        sizes={PAGE_SIZES}
        onPage={(page) => goToPage(page, query.data)}
        onLimit={(limit) => update({ limit, page: undefined })}
      />
    </Paper>
  );
}
