import { Alert, Box, Button, Grid, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import { isStaff } from '../../../domain/roles';
import type { supportContract } from '../../../domain/support/contract';
import { call, pathOf } from '../../api/call';
import { keys } from '../../api/query-keys';
import { route } from '../../api/route';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { downloadFile } from '../statements/download';
import { GiverLists } from './GiverLists';
import { SupportChart } from './SupportChart';
import { SupportMonthsTable } from './SupportMonthsTable';
import type { Support } from './types';

// Named by type only (route, docs/conventions.md "How the web calls the API"): the contract's schemas
// and zod are 27 KiB gzipped, which would put the page over the dashboard's 220 KiB budget.
const getSupport = route<typeof supportContract.getSupport>({ method: 'GET', path: '/user/:id/support' });
const supportDonorsCsv = route<typeof supportContract.supportDonorsCsv>({
  method: 'GET',
  path: '/user/:id/support/donors.csv',
  file: true,
});

// The chart travels in this page's own lazy chunk. A second lazy import for it alone made the
// bundler split React Query out of the first page: +2.7 KiB gzipped at login, over its budget.

/**
 * My Support (decision 36, docs/decisions.md): 24 months of giving as a chart and a table, givers per
 * month, new givers and givers who stopped, designated versus general. Names and the thank-you CSV
 * only when the answer says the viewer may see them.
 */
export function MySupportPage() {
  const { user_id } = useParams();
  const userId = Number(user_id);
  const me = useCurrentUser();
  const input = { params: { id: userId } };
  const support = useQuery({
    queryKey: keys.support.of(userId),
    queryFn: () => call(getSupport, input),
  });
  const own = me.id === userId;
  return (
    <>
      <PageHeader
        title={own ? 'My Support' : 'Support'}
        subtitle="Gifts received in the last 24 months, by the month they were given."
        actions={
          !own &&
          isStaff(me.role) && (
            <Button component={RouterLink} to={`/admin/user/${userId}/profile`}>
              Back to profile
            </Button>
          )
        }
      />
      {support.isPending ? (
        <Loading />
      ) : support.isError ? (
        <ErrorState error={support.error} onRetry={() => support.refetch()} />
      ) : (
        <SupportView support={support.data} own={own} />
      )}
    </>
  );
}

function SupportView({ support, own }: { support: Support; own: boolean }) {
  const current = support.months.at(-1);
  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Figure label="Last 24 months" value={money(support.total)} />
        <Figure label="General" value={money(support.general)} />
        <Figure label="Designated" value={money(support.designated)} />
        <Figure label="Givers this month" value={String(current?.givers ?? 0)} />
      </Grid>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h2" sx={{ mb: 2 }}>
          Giving per month
        </Typography>
        <SupportChart months={support.months} />
      </Paper>
      {!support.names_shown && own && (
        <Alert severity="info">
          Your organisation shows donor names to its missionaries only when an administrator turns that on; until then
          you see counts and amounts.
        </Alert>
      )}
      <GiverLists support={support} />
      {support.names_shown && <ThankYouList userId={support.user_id} count={support.givers.length} />}
      <SupportMonthsTable userId={support.user_id} months={support.months} />
    </Stack>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Grid size={{ xs: 6, md: 3 }}>
      <Paper variant="outlined" sx={{ p: 2, height: '100%' }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography sx={{ fontSize: '1.35rem', fontWeight: 600 }}>{value}</Typography>
      </Paper>
    </Grid>
  );
}

/** The givers of the 24 months as CSV for thank-you letters. */
function ThankYouList({ userId, count }: { userId: number; count: number }) {
  const messages = useMessages();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      // A download link with a single-use token (downloadFile), its path from the contract.
      await downloadFile(pathOf(supportDonorsCsv, { id: userId }), {}, 'givers.csv');
    } catch (error) {
      messages.error(error instanceof Error ? error.message : 'The download failed.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h2">Thank-you letters</Typography>
          <Typography color="text.secondary">
            {count} giver{count === 1 ? '' : 's'} in the last 24 months, with their totals and last gift.
          </Typography>
        </Box>
        <Button variant="contained" onClick={download} disabled={busy || count === 0}>
          Download givers (CSV)
        </Button>
      </Stack>
    </Paper>
  );
}
