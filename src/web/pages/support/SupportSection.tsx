import { Button, Paper, Stack, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { User } from '../../api/types';

/** On a missionary's profile: the way to their support page, with donor names (staff see them). */
export function SupportSection({ user }: { user: User }) {
  if (user.role !== 'missionary') return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="h2">Support</Typography>
          <Typography color="text.secondary">
            Giving per month for 24 months, new givers and givers who stopped, with donor names.
          </Typography>
        </Stack>
        <Button variant="outlined" component={RouterLink} to={`/support/${user.id}`}>
          Open Support
        </Button>
      </Stack>
    </Paper>
  );
}
