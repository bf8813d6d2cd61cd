import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { usePageTitle, useSite } from '../../site/site-config';

/** The centred card of the public screens. */
export function AuthCard({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  const site = useSite();
  usePageTitle(title);
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', pt: { xs: 2, sm: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, width: '100%', maxWidth: 420 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Box component="img" src={site.favicon} alt="" sx={{ width: 40, height: 40 }} />
          <Typography variant="h6" component="p" color="primary">
            {site.title}
          </Typography>
        </Box>
        <Typography variant="h1" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {intro && (
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {children}
      </Paper>
    </Box>
  );
}
