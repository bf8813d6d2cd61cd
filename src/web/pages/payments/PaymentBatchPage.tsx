import { Alert, Button, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paymentsContract } from '../../../domain/payments/contract';
import { call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { useCurrentUser } from '../../session/session';
import { BatchDialogs, type OpenDialog } from './BatchDialogs';
import { BatchLinesTable } from './BatchLinesTable';
import { BatchFiles, BatchTotals } from './BatchSummaryCard';
import { batchHeadline, releaseBlocker } from './batch-summary';
import { useBatchActions } from './use-batch-actions';

/** /admin/payments/:batch_id: review a draft (holds, totals), release it, download files, record returns. */
export function PaymentBatchPage({ batchId }: { batchId: number }) {
  const admin = useCurrentUser().role === 'admin';
  const [open, setOpen] = useState<OpenDialog>(null);
  const close = () => setOpen(null);
  const query = useQuery({
    queryKey: queryKeyOf(paymentsContract.getBatch, { params: { id: batchId } }),
    queryFn: () => call(paymentsContract.getBatch, { params: { id: batchId } }),
  });
  const actions = useBatchActions(batchId, close);
  if (query.isPending) return <Loading />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  const batch = query.data;
  const draft = batch.status === 'draft';
  const blocker = releaseBlocker(batch);
  return (
    <>
      <PageHeader
        title={`Payment batch #${batch.id}`}
        subtitle={
          <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              component="span"
              label={draft ? 'Draft' : 'Released'}
              color={draft ? 'default' : 'success'}
            />
            <span>{batchHeadline(batch)}</span>
          </Stack>
        }
        actions={
          admin &&
          draft && (
            <>
              <Button color="error" onClick={() => setOpen({ kind: 'discard' })}>
                Discard draft
              </Button>
              <Button variant="contained" disabled={blocker !== null} onClick={() => setOpen({ kind: 'release' })}>
                Release
              </Button>
            </>
          )
        }
      />
      <Stack spacing={2}>
        <Link component={RouterLink} to="/admin/payments" variant="body2">
          All batches
        </Link>
        {admin && draft && blocker && <Alert severity="warning">{blocker}</Alert>}
        {!admin && <Alert severity="info">Only an admin can change, release or record returns on a batch.</Alert>}
        <BatchFiles batch={batch} admin={admin} />
        <BatchTotals batch={batch} />
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
          <Typography variant="h2" sx={{ mb: 1 }}>
            Payees
          </Typography>
          <BatchLinesTable
            batch={batch}
            admin={admin}
            onClear={(line) => setOpen({ kind: 'clear', line })}
            onLeaveOut={(line) => setOpen({ kind: 'leave-out', line })}
            onReturn={(line) => setOpen({ kind: 'return', line })}
          />
        </Paper>
      </Stack>
      <BatchDialogs batch={batch} open={open} actions={actions} onClose={close} />
    </>
  );
}
