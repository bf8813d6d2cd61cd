import { Button, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import { monthLabel } from '../../../domain/dates';
import type { statementsContract } from '../../../domain/reports/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { route } from '../../api/route';
import { useCurrentUser } from '../../session/session';
import { DonationsTrendCard } from './DonationsTrendCard';
import { StatementButton } from './StatementButton';

// On the missionary dashboard: the contract as a type only (src/web/api/route.ts says why).
const listStatements = route<typeof statementsContract.listStatements>({ method: 'GET', path: '/statements' });

/**
 * The missionary dashboard's panel: the donations-over-time chart, the latest statement to download
 * and a link to every statement on the profile.
 */
export function MissionaryStatementsPanel() {
  const me = useCurrentUser();
  const statements = useQuery({
    queryKey: keys.statements.list(me.id),
    queryFn: () => call(listStatements, { query: { user_id: me.id } }),
  });
  const latest = statements.data?.[0];
  return (
    <DonationsTrendCard
      userId={me.id}
      title="Donations received over time"
      footer={
        latest && (
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ mt: 2, alignItems: { sm: 'center' }, borderTop: 1, borderColor: 'divider', pt: 2 }}
          >
            <Typography sx={{ flexGrow: 1 }}>
              Latest statement: <strong>{monthLabel(latest.end_date, 'short')}</strong>
            </Typography>
            <StatementButton
              distributionId={latest.id}
              label="Download Statement"
              accessibleLabel={`Download Statement for ${monthLabel(latest.end_date, 'short')}`}
              variant="contained"
            />
            <Button component={RouterLink} to={`/profile/${me.id}`} size="small">
              All statements
            </Button>
          </Stack>
        )
      }
    />
  );
}
