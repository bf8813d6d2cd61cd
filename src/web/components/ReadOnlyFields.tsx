import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** Label/value pairs in a responsive grid, for read-only summaries. */
export function ReadOnlyFields({ fields }: { fields: Array<[label: string, value: ReactNode]> }) {
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: 'minmax(7rem, auto) 1fr', md: 'repeat(3, auto 1fr)' },
        columnGap: 2,
        rowGap: 1,
      }}
    >
      {fields.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {value === null || value === undefined || value === '' ? '—' : value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
