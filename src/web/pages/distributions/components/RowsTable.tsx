import {
  Box,
  Card,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../../components/visually-hidden';

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

/**
 * An in-memory table for the form's approval lists and dialogs: a table on a desk, one card per row
 * on a phone (label/value pairs), like DataTable does for server lists.
 */
export function RowsTable<T>(props: {
  columns: RowsColumn<T>[];
  rows: readonly T[];
  rowKey(row: T): string | number;
  emptyText: string;
  /** Accessible name of the table. */
  label: string;
  rowSx?: (row: T) => object | undefined;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const hasFooter = props.columns.some((column) => column.footer !== undefined);

  if (props.rows.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1.5 }}>
        {props.emptyText}
      </Typography>
    );
  }

  if (phone) {
    return (
      <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {props.rows.map((row) => (
          <Card component="li" key={props.rowKey(row)} variant="outlined" sx={props.rowSx?.(row)}>
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
              <Box
                component="dl"
                sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
              >
                {props.columns.map((column) => (
                  <Box key={column.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
                      {column.label}
                    </Typography>
                    <Typography
                      component="dd"
                      variant="body2"
                      sx={{ m: 0, overflowWrap: 'anywhere', textAlign: 'right', alignSelf: 'center' }}
                    >
                      {column.render(row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
            </CardContent>
          </Card>
        ))}
        {hasFooter && (
          <Box component="li" sx={{ px: 1.5 }}>
            <Box
              component="dl"
              sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 }}
            >
              {props.columns
                .filter((column) => column.footer !== undefined)
                .map((column) => (
                  <Box key={column.key} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
                      Total {column.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'right', fontWeight: 600 }}>
                      {column.footer}
                    </Typography>
                  </Box>
                ))}
            </Box>
          </Box>
        )}
      </Box>
    );
  }

  return (
    <TableContainer>
      <Table
        size="small"
        aria-label={props.label}
        sx={{ '& .MuiTableCell-root': { px: 1 }, '& .MuiTableCell-root:first-of-type': { pl: 0.5 } }}
      >
        <TableHead>
          <TableRow>
            {props.columns.map((column) => (
              <TableCell key={column.key} align={column.align}>
                {column.hiddenLabel ? (
                  <Box component="span" sx={visuallyHidden}>
                    {column.label}
                  </Box>
                ) : (
                  column.label
                )}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={props.rowKey(row)} sx={props.rowSx?.(row)}>
              {props.columns.map((column) => (
                <TableCell key={column.key} align={column.align} sx={{ fontVariantNumeric: 'tabular-nums' }}>
                  {column.render(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
        {hasFooter && (
          <TableFooter>
            <TableRow>
              {props.columns.map((column, index) => (
                <TableCell
                  key={column.key}
                  align={column.align}
                  sx={{
                    fontWeight: 600,
                    color: 'text.primary',
                    fontSize: '0.875rem',
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {column.footer ?? (index === 0 ? 'Total' : '')}
                </TableCell>
              ))}
            </TableRow>
          </TableFooter>
        )}
      </Table>
    </TableContainer>
  );
}
