import { Box } from '@mui/material';
import type { User } from '../../api/types';
import { DonationsTable } from './DonationsTable';

/** The admin user profile's donations of that user. */
export function DonationsSection({ user }: { user: User }) {
  if (user.role !== 'missionary') return null;
  return (
    <Box data-section="donations">
      <DonationsTable
        title="Donations"
        filter={{ user_id: user.id }}
        urlPrefix="donations"
        defaultLimit={10}
        showMissionary={false}
      />
    </Box>
  );
}
