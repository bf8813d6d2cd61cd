import { Box, CircularProgress, Typography } from '@mui/material';

export function Loading({ label = 'Loading' }: { label?: string }) {
  return (
    <Box
      role="status"
      aria-live="polite"
      sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 4, justifyContent: 'center' }}
    >
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{label}…</Typography>
    </Box>
  );
}
