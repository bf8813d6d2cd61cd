import { Alert, Box, Stack, Typography } from '@mui/material';
import type { BatchResult } from './use-build-mat-day';

/** What the MAT Day build did: how many were built and flagged, then the skipped and failed missionaries. */
export function BatchOutcome({ outcome }: { outcome: BatchResult }) {
  return (
    <Stack spacing={1.5}>
      <Alert severity={outcome.failed.length > 0 ? 'warning' : 'success'}>
        {outcome.message}
        {outcome.flagged_count > 0 &&
          ` ${outcome.flagged_count} need${outcome.flagged_count === 1 ? 's' : ''} a review before approval.`}
      </Alert>
      {outcome.skipped.length > 0 && (
        <div>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            Skipped ({outcome.skipped.length})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {outcome.skipped.map((row) => (
              <li key={row.user_id}>
                <Typography variant="body2">
                  {row.user_name}: {row.reason}
                </Typography>
              </li>
            ))}
          </Box>
        </div>
      )}
      {outcome.failed.length > 0 && (
        <div>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            Not built ({outcome.failed.length})
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {outcome.failed.map((row) => (
              <li key={row.user_id}>
                <Typography variant="body2" color="error">
                  {row.user_name}: {row.message}
                </Typography>
              </li>
            ))}
          </Box>
        </div>
      )}
    </Stack>
  );
}
