import {
  Box,
  Card,
  CardContent,
  Checkbox,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TableSortLabel,
  Typography,
} from '@mui/material';
import type { Column, DataTableProps, ListParams } from './DataTable';

/** What both views of a page of rows need: the rows, the visible columns and the selection. */
export interface RowsViewProps<T> {
  rows: T[];
  columns: Column<T>[];
  table: Pick<DataTableProps<T>, 'rowKey' | 'actions' | 'onRowClick' | 'selection'>;
  selected: ReadonlySet<string | number>;
  toggle(key: string | number): void;
}

function cell<T>(row: T, column: Column<T>) {
  return column.render ? column.render(row) : String((row as Record<string, unknown>)[column.key] ?? '');
}

/** Phones: one card a row, each column a term and its value. */
export function RowCards<T>({ rows, columns: visibleColumns, table: props, selected, toggle }: RowsViewProps<T>) {
  return (
    <Stack spacing={1} sx={{ p: 1 }}>
      {rows.map((row) => {
        const key = props.rowKey(row);
        return (
          <Card key={key} variant="outlined" onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}>
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              {props.selection && (
                <Checkbox
                  checked={selected.has(key)}
                  onChange={() => toggle(key)}
                  slotProps={{ input: { 'aria-label': `Select row ${key}` } }}
                />
              )}
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
              >
                {visibleColumns.map((column) => (
                  <Box key={column.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {column.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {cell(row, column)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {props.actions && (
                <Box sx={{ mt: 1, display: 'flex', flexWrap: 'wrap', gap: 1 }}>{props.actions(row)}</Box>
              )}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}

/** Wider screens: a table with sortable headings and a select-all box. */
export function RowTable<T>(
  view: RowsViewProps<T> & {
    params: ListParams;
    sortBy(sortKey: string): void;
    toggleAll(checked: boolean): void;
  },
) {
  const { rows, columns: visibleColumns, table: props, selected, toggle, params, toggleAll } = view;
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            {props.selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={rows.length > 0 && rows.every((row) => selected.has(props.rowKey(row)))}
                  indeterminate={
                    rows.some((row) => selected.has(props.rowKey(row))) &&
                    !rows.every((row) => selected.has(props.rowKey(row)))
                  }
                  onChange={(event) => toggleAll(event.target.checked)}
                  slotProps={{ input: { 'aria-label': 'Select all rows on this page' } }}
                />
              </TableCell>
            )}
            {visibleColumns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                sortDirection={params.order_by === column.sortKey ? params.order : false}
              >
                {column.sortKey ? (
                  <TableSortLabel
                    active={params.order_by === column.sortKey}
                    direction={params.order_by === column.sortKey ? params.order : 'asc'}
                    onClick={() => view.sortBy(column.sortKey!)}
                  >
                    {column.label}
                  </TableSortLabel>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
            {props.actions && <TableCell align="right">Actions</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const key = props.rowKey(row);
            return (
              <TableRow
                key={key}
                hover
                selected={selected.has(key)}
                onClick={props.onRowClick ? () => props.onRowClick?.(row) : undefined}
                sx={props.onRowClick ? { cursor: 'pointer' } : undefined}
              >
                {props.selection && (
                  <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()}>
                    <Checkbox
                      checked={selected.has(key)}
                      onChange={() => toggle(key)}
                      slotProps={{ input: { 'aria-label': `Select row ${key}` } }}
                    />
                  </TableCell>
                )}
                {visibleColumns.map((column) => (
                  <TableCell
                    key={column.key}
                    align={column.align}
                    sx={column.wrap ? { overflowWrap: 'anywhere', minWidth: 96 } : undefined}
                  >
                    {cell(row, column)}
                  </TableCell>
                ))}
                {props.actions && (
                  <TableCell align="right" onClick={(event) => event.stopPropagation()} sx={{ whiteSpace: 'nowrap' }}>
                    {props.actions(row)}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
