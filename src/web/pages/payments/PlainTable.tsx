import { Box } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A table of plain HTML cells styled like MUI's small table. MUI's Table modules share chunks with the
 * missionary dashboard's; one more screen importing them re-splits those chunks and costs the
 * dashboard's budget (test/web-budget.test.ts), where these few styles cost nothing. Cells with the
 * class `num` align right; `phone-hidden` cells hide below 600 px.
 */
export function PlainTable(props: { label: string; head: ReactNode; children: ReactNode; mt?: number }) {
  return (
    <Box sx={{ overflowX: 'auto', mt: props.mt }}>
      <Box
        component="table"
        aria-label={props.label}
        sx={{
          width: '100%',
          borderCollapse: 'collapse',
          typography: 'body2',
          '& th, & td': {
            px: { xs: 1, sm: 2 },
            py: 0.75,
            borderBottom: 1,
            borderColor: 'divider',
            textAlign: 'left',
            verticalAlign: 'top',
          },
          '& th': { fontWeight: 500, verticalAlign: 'bottom' },
          '& .num': { textAlign: 'right', whiteSpace: 'nowrap' },
          '& .phone-hidden': { display: { xs: 'none', sm: 'table-cell' } },
        }}
      >
        <thead>
          <tr>{props.head}</tr>
        </thead>
        <tbody>{props.children}</tbody>
      </Box>
    </Box>
  );
}
