import {
  Box,
  Card,
  CardContent,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { visuallyHidden } from '../../components/visually-hidden';

export interface ItemColumn<T> {
  label: string;
  render(row: T): ReactNode;
  align?: 'left' | 'right';
}

/** The items of one report (expenses, trips): a table on desktops, cards on phones. */
export function ItemTable<T extends { id: number }>(props: {
  caption: string;
  rows: readonly T[];
  columns: ItemColumn<T>[];
  empty: string;
  actions?: (row: T) => ReactNode;
}) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  if (props.rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {props.empty}
      </Typography>
    );
  }
  if (phone) {
    return (
      <Stack spacing={1} component="ul" aria-label={props.caption} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {props.rows.map((row) => (
          <Card key={row.id} variant="outlined" component="li">
            <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 }, display: 'flex', gap: 1 }}>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  flexGrow: 1,
                  display: 'grid',
                  gridTemplateColumns: 'auto 1fr',
                  columnGap: 1.5,
                  rowGap: 0.5,
                }}
              >
                {props.columns.map((column) => (
                  <Box key={column.label} sx={{ display: 'contents' }}>
                    <Typography component="dt" variant="body2" color="text.secondary">
                      {column.label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
                      {column.render(row)}
                    </Typography>
                  </Box>
                ))}
              </Box>
              {props.actions && <Box>{props.actions(row)}</Box>}
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small" aria-label={props.caption}>
        <TableHead>
          <TableRow>
            {props.columns.map((column) => (
              <TableCell key={column.label} align={column.align}>
                {column.label}
              </TableCell>
            ))}
            {props.actions && (
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {props.rows.map((row) => (
            <TableRow key={row.id}>
              {props.columns.map((column) => (
                <TableCell key={column.label} align={column.align}>
                  {column.render(row)}
                </TableCell>
              ))}
              {props.actions && (
                <TableCell align="right" sx={{ width: 48 }}>
                  {props.actions(row)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
