import { Typography, useMediaQuery, useTheme } from '@mui/material';
import type { ReactNode } from 'react';
import { RowCards } from './RowCards';
import { RowsDeskTable } from './RowsDeskTable';

export interface RowsColumn<T> {
  key: string;
  label: string;
  align?: 'left' | 'right' | 'center';
  render(row: T): ReactNode;
  /** Shown in the footer row (totals). */
  footer?: ReactNode;
  /** Header read by screen readers only (action columns). */
  hiddenLabel?: boolean;
}

export interface RowsTableProps<T> {
  columns: RowsColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
  rowSx?: (row: T) => object | undefined;
}

/**
 * An in-memory table for the form's approval lists and dialogs: a table on a desk, one card per row
 * on a phone (label/value pairs), like DataTable does for server lists.
 */
export function RowsTable<T>(props: RowsTableProps<T>) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));

  if (props.rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
        {props.emptyText}
      </Typography>
    );
  }
  return phone ? <RowCards {...props} /> : <RowsDeskTable {...props} />;
}
