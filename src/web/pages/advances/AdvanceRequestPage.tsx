import { Box, Button, Grid, InputAdornment, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { advanceRequestSchema } from '../../../domain/advances/schemas';
import { ADVANCE_STATUS_LABELS } from '../../../domain/advances/states';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, api } from '../../api/client';
import { keys } from '../../api/query-keys';
import type { Page } from '../../api/types';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { type Column, DataTable } from '../../components/DataTable';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { PageHeader } from '../../components/PageHeader';
import { date, money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { NoticeDialog } from '../expenses/NoticeDialog';
import { categoryOptions, holdAccountOptions } from '../expenses/options';
import { useCategories, useHoldAccountChoices } from '../expenses/queries';
import { advancePayment } from './payment';
import type { Advance } from './types';

/**
 * The amount under the status name (SPEC.md §2.3): requested shows the request, later ones the
 * approval and when it is paid (decision 14: "Approved: $300.00, paid on MAT Day 11/30/2026").
 */
export function StatusCell({ advance }: { advance: Advance }) {
  const amount =
    advance.status === 'requested' && advance.amount_approved === null
      ? money(advance.amount_requested)
      : (advancePayment(advance) ?? 'Pending');
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {advance.archived_at ? 'Archived' : ADVANCE_STATUS_LABELS[advance.status]}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {amount}
      </Typography>
    </Box>
  );
}

const COLUMNS: Column<Advance>[] = [
  { key: 'id', label: 'ID', sortKey: 'id' },
  { key: 'date_submitted', label: 'Requested on', sortKey: 'date_submitted', render: (a) => date(a.date_submitted) },
  {
    key: 'amount_requested',
    label: 'Requested',
    sortKey: 'amount_requested',
    render: (a) => money(a.amount_requested),
  },
  { key: 'category', label: 'Category', render: (a) => a.category?.expense_category ?? '—', hideOnMobile: true },
  { key: 'status', label: 'Status', sortKey: 'status', render: (a) => <StatusCell advance={a} /> },
  { key: 'mat_date', label: 'MAT Date', sortKey: 'mat_date', render: (a) => date(a.mat_date), hideOnMobile: true },
];

interface Values {
  amount_requested: string;
  type: string;
  hold_account_id: string;
  [key: string]: string;
}
const EMPTY: Values = { amount_requested: '', type: '', hold_account_id: '' };

/** /advance-request: the missionary's own advance requests with per-status actions, and the request form. */
export function AdvanceRequestPage() {
  const me = useCurrentUser();
  const messages = useMessages();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const holdAccounts = useHoldAccountChoices(me.id);
  const form = useSchemaForm(advanceRequestSchema, EMPTY);
  const [deleting, setDeleting] = useState<Advance | null>(null);

  const submit = form.handleSubmit(async (values) => {
    try {
      await api.postForm('/advance-request', {
        ...values,
        status: 'requested',
        user_id: me.id,
        date_submitted: new Date().toISOString().slice(0, 10),
      });
      messages.success(MESSAGES.advanceRequested);
      form.reset(EMPTY);
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });

  const remove = useMutation({
    mutationFn: (advance: Advance) => api.delete(`/advance-request/${advance.id}`),
    onSuccess: async () => {
      messages.success(MESSAGES.advanceDeleted);
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    },
    onError: (error) =>
      messages.error(error instanceof ApiError && error.status === 409 ? error.message : MESSAGES.somethingWentWrong),
    onSettled: () => setDeleting(null),
  });

  const actions = (advance: Advance) => {
    const reportLink = advance.expense_report_id
      ? `/expense-report/${advance.expense_report_id}/advance/${advance.id}/edit`
      : null;
    switch (advance.status) {
      case 'requested':
        return (
          <Button size="small" color="error" onClick={() => setDeleting(advance)}>
            Delete
          </Button>
        );
      case 'approved':
        return reportLink ? (
          <Button size="small" variant="contained" component={RouterLink} to={reportLink}>
            Edit Report
          </Button>
        ) : (
          <>
            <Button size="small" variant="contained" component={RouterLink} to={`/new-report/advance/${advance.id}`}>
              Add Report
            </Button>
            <Button size="small" color="error" onClick={() => setDeleting(advance)}>
              Delete
            </Button>
          </>
        );
      default:
        return (
          advance.expense_report_id && (
            <Button
              size="small"
              component={RouterLink}
              to={`/expense-report/${advance.expense_report_id}?return=advance-request`}
            >
              View Report
            </Button>
          )
        );
    }
  };

  return (
    <>
      <PageHeader
        title="Advance Requests"
        subtitle="Ask the office for money in advance, then report how it was spent."
      />
      <Stack spacing={2}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} component="section" aria-labelledby="request-title">
          <Typography id="request-title" variant="h2" sx={{ mb: 2 }}>
            Request an Advance
          </Typography>
          <Box component="form" onSubmit={submit} noValidate>
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField
                  control={form.control}
                  name="amount_requested"
                  label="Amount"
                  required
                  inputMode="decimal"
                  autoComplete="off"
                  slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField
                  control={form.control}
                  name="type"
                  label="Category (optional)"
                  options={[{ value: '', label: 'Not set' }, ...categoryOptions(categories.data, 'advance')]}
                />
              </Grid>
              <Grid size={{ xs: 12, sm: 4 }}>
                <FormField
                  control={form.control}
                  name="hold_account_id"
                  label="Hold account (optional)"
                  options={holdAccountOptions(holdAccounts.data)}
                />
              </Grid>
            </Grid>
            <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
              <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
                Request Advance
              </Button>
            </Stack>
          </Box>
        </Paper>
        <DataTable<Advance>
          title="My Advance Requests"
          queryKey={keys.advances.mine(me.id)}
          fetchPage={(params) => api.get<Page<Advance>>('/paginated_advance_request', { ...params, user_id: me.id })}
          columns={COLUMNS}
          rowKey={(advance) => advance.id}
          searchLabel="Search advance requests"
          emptyText="No advance requests yet."
          actions={actions}
        />
      </Stack>
      <NoticeDialog
        open={deleting !== null && deleting.distribution_id !== null}
        title="This advance request cannot be deleted"
        onClose={() => setDeleting(null)}
      >
        {MESSAGES.advanceInDistribution}
      </NoticeDialog>
      <ConfirmDialog
        open={deleting !== null && deleting.distribution_id === null}
        title="Delete advance request"
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting);
          queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
        }}
      >
        {MESSAGES.confirmDeleteAdvance}
      </ConfirmDialog>
    </>
  );
}
