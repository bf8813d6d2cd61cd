import {
  Alert,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { TOutboxMail } from '../../../domain/notifications/contract';
import { notificationsContract } from '../../../domain/notifications/contract';
import type { MailStatus } from '../../../domain/notifications/notifications';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { DataTable } from '../../components/DataTable';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { dateTime } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';

/** What happened to a mail, in words (docs/security.md, "Mail"): only `sent` reached a mail server. */
const STATUS_LABELS: Record<MailStatus, string> = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent to the mail server',
  written: 'Written to the outbox folder, not sent',
  failed: 'Failed',
};

function StatusChip({ status }: { status: MailStatus }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={STATUS_LABELS[status]}
      color={status === 'sent' ? 'success' : status === 'failed' ? 'error' : 'default'}
      sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.25 } }}
    />
  );
}

/** /admin/outbox (decision 21): every notification mail, its queue status, and its words. */
export function OutboxPage() {
  const me = useCurrentUser();
  const [open, setOpen] = useState<TOutboxMail | null>(null);
  const summary = useQuery({
    queryKey: keys.outbox.summary,
    queryFn: () => call(notificationsContract.listOutbox, { query: { limit: 1 } }),
    enabled: me.role === 'admin',
  });
  if (me.role !== 'admin') {
    return <Alert severity="info">Only administrators read the outbox, because mails hold people’s details.</Alert>;
  }
  return (
    <>
      <PageHeader
        title="Outbox"
        subtitle="Mail the app sends: reports processed or returned, advances and distributions approved"
      />
      {summary.data && (
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Alert severity={summary.data.smtp_configured ? 'success' : 'info'}>
            {summary.data.smtp_configured
              ? 'Mail is sent through the configured mail server (SMTP_URL).'
              : 'No mail server is configured (SMTP_URL), so mails are not delivered: they are written to the data folder and can be read here.'}
          </Alert>
          <Typography variant="body2" color="text.secondary" role="status">
            {summary.data.counts.queued + summary.data.counts.sending} waiting · {summary.data.counts.sent} sent to the
            mail server · {summary.data.counts.written} written to the outbox folder · {summary.data.counts.failed}{' '}
            failed
          </Typography>
        </Stack>
      )}
      <DataTable<TOutboxMail>
        title="Mails"
        queryKey={keys.outbox.list}
        fetchPage={(params) => call(notificationsContract.listOutbox, { query: { ...params } })}
        columns={[
          { key: 'created_at', label: 'Queued', sortKey: 'created_at', render: (mail) => dateTime(mail.created_at) },
          { key: 'to_address', label: 'To', sortKey: 'to_address', wrap: true, render: (mail) => mail.to_address },
          { key: 'subject', label: 'Subject', render: (mail) => mail.subject },
          {
            key: 'status',
            label: 'Status',
            sortKey: 'status',
            render: (mail) => (
              <>
                <StatusChip status={mail.status} />
                {mail.status !== 'sent' && mail.status !== 'written' && mail.attempts > 0 && (
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {mail.attempts} {mail.attempts === 1 ? 'attempt' : 'attempts'}
                    {mail.status === 'queued' ? ` · next ${dateTime(mail.next_attempt_at)}` : ''}
                  </Typography>
                )}
                {mail.last_error && (mail.status === 'failed' || mail.status === 'queued') && (
                  <Typography variant="caption" color="error" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
                    {mail.status === 'failed' ? 'Reason' : 'Last error'}: {mail.last_error}
                  </Typography>
                )}
              </>
            ),
          },
        ]}
        rowKey={(mail) => mail.id}
        searchLabel="Search address or subject"
        emptyText="No mail has been written yet."
        onRowClick={setOpen}
        actions={(mail) => (
          <Button size="small" onClick={() => setOpen(mail)}>
            Open
          </Button>
        )}
      />
      {open && <MailDialog mail={open} onClose={() => setOpen(null)} />}
    </>
  );
}

function MailDialog({ mail, onClose }: { mail: TOutboxMail; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const detail = useQuery({
    queryKey: keys.outbox.one(mail.id),
    queryFn: () => call(notificationsContract.getOutboxMail, { params: { id: mail.id } }),
  });
  const retry = useMutation({
    mutationFn: () => call(notificationsContract.retryOutboxMail, { params: { id: mail.id }, form: true }),
    onSuccess: async () => {
      messages.success('The mail is queued again.');
      await queryClient.invalidateQueries({ queryKey: keys.outbox.all });
      onClose();
    },
    onError: (error) => messages.error(error.message || 'Something went wrong.'),
  });
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="mail-title">
      <DialogTitle id="mail-title">{mail.subject}</DialogTitle>
      <DialogContent>
        {detail.isPending ? (
          <Loading />
        ) : detail.isError ? (
          <ErrorState error={detail.error} onRetry={() => detail.refetch()} />
        ) : (
          <Stack spacing={1.5}>
            <Typography variant="body2">
              To {detail.data.to_address} · queued {dateTime(detail.data.created_at)} ·{' '}
              {STATUS_LABELS[detail.data.status]}
              {detail.data.sent_at ? ` ${dateTime(detail.data.sent_at)}` : ''}
              {detail.data.attachment_statement_id ? ' · statement PDF attached' : ''}
            </Typography>
            {detail.data.last_error && <Alert severity="error">Last error: {detail.data.last_error}</Alert>}
            <iframe
              title="The mail as it looks"
              sandbox=""
              srcDoc={detail.data.html_body}
              style={{ width: '100%', height: 360, border: '1px solid #d8dee4', borderRadius: 4 }}
            />
            <Typography variant="h3" component="h2" sx={{ fontSize: '1rem' }}>
              Text part
            </Typography>
            <Typography component="pre" variant="body2" sx={{ whiteSpace: 'pre-wrap', m: 0, fontFamily: 'monospace' }}>
              {detail.data.text_body}
            </Typography>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        {mail.status === 'failed' && (
          <Button onClick={() => retry.mutate()} disabled={retry.isPending}>
            Send Again
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
