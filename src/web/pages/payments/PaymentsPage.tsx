import { Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paymentsContract } from '../../../domain/payments/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { date, dateTime, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { STATUS_COLORS } from './batch-summary';
import { CreateBatchCard } from './CreateBatchCard';
import { PlainTable } from './PlainTable';

/** The newest batches first, a page at a time: a batch a month makes a short list for years. */
const STEP = 24;

function BatchesTable() {
  const [limit, setLimit] = useState(STEP);
  const query = { page: 0, limit };
  const batches = useQuery({
    queryKey: queryKeyOf(paymentsContract.listBatches, { query }),
    queryFn: () => call(paymentsContract.listBatches, { query }),
    placeholderData: keepPreviousData,
  });
  if (batches.isPending) return <Loading />;
  if (batches.isError) return <ErrorState error={batches.error} onRetry={() => batches.refetch()} />;
  if (batches.data.total_count === 0)
    return <Typography color="text.secondary">No payment batches yet. Draft one from an approved MAT Day.</Typography>;
  return (
    <>
      <PlainTable
        label="Payment batches"
        head={
          <>
            <th>Batch</th>
            <th>MAT date</th>
            <th>Status</th>
            <th className="num phone-hidden">Lines</th>
            <th className="num">Total</th>
            <th className="phone-hidden">Released</th>
          </>
        }
      >
        {batches.data.data.map((batch) => (
          <tr key={batch.id}>
            <td>
              <Link component={RouterLink} to={`/admin/payments/${batch.id}`}>
                #{batch.id}
              </Link>
            </td>
            <td>{date(batch.mat_date)}</td>
            <td>
              <Chip
                size="small"
                label={batch.status === 'draft' ? 'Draft' : 'Released'}
                color={batch.status === 'draft' ? 'default' : 'success'}
              />
              {batch.held_count > 0 && (
                <Chip
                  size="small"
                  label={`${batch.held_count} held`}
                  sx={{ ml: 0.5, bgcolor: STATUS_COLORS.held, color: '#fff' }}
                />
              )}
            </td>
            <td className="num phone-hidden">{batch.line_count}</td>
            <td className="num">{money(batch.total)}</td>
            <td className="phone-hidden">{batch.released_at ? dateTime(batch.released_at) : '—'}</td>
          </tr>
        ))}
      </PlainTable>
      {batches.data.total_count > batches.data.data.length && (
        <Button sx={{ mt: 1 }} onClick={() => setLimit(limit + STEP)} disabled={batches.isFetching}>
          Show older batches ({batches.data.data.length} of {batches.data.total_count} shown)
        </Button>
      )}
    </>
  );
}

/** /admin/payments: the payment batches (staff read them; admins draft, release and record returns). */
export function PaymentsPage() {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  return (
    <>
      <PageHeader
        title="Payments"
        subtitle="Pay approved MAT Days: draft a batch, review it, release it and upload its files to your bank."
        actions={
          admin && (
            <Button component={RouterLink} to="/admin/payments/settings" variant="outlined">
              Payment settings
            </Button>
          )
        }
      />
      <Stack spacing={2}>
        {admin && <CreateBatchCard />}
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Batches
          </Typography>
          <BatchesTable />
        </Paper>
      </Stack>
    </>
  );
}
