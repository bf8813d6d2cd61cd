import { Box, Table, TableBody, TableCell, TableContainer, TableFooter, TableHead, TableRow } from '@mui/material';
import { visuallyHidden } from '../../../components/visually-hidden';
import type { RowsTableProps } from './RowsTable';

/** RowsTable on a desk: a small table, the totals in its footer row. */
export function RowsDeskTable<T>(props: RowsTableProps<T>) {
  const hasFooter = props.columns.some((column) => column.footer !== undefined);
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
