import { Box, Card, CardContent, Typography } from '@mui/material';
import type { RowsTableProps } from './RowsTable';

const PAIRS_SX = { m: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 1.5, rowGap: 0.5 };

/** RowsTable on a phone: one card per row (label/value pairs), then the totals as a last item. */
export function RowCards<T>(props: RowsTableProps<T>) {
  const footed = props.columns.filter((column) => column.footer !== undefined);
  return (
    <Box component="ul" aria-label={props.label} sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
      {props.rows.map((row) => (
        <Card component="li" key={props.rowKey(row)} variant="outlined" sx={props.rowSx?.(row)}>
          <CardContent sx={{ p: 1.5, '&:last-child': { pb: 1.5 } }}>
            <Box component="dl" sx={PAIRS_SX}>
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
      {footed.length > 0 && (
        <Box component="li" sx={{ px: 1.5 }}>
          <Box component="dl" sx={PAIRS_SX}>
            {footed.map((column) => (
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
