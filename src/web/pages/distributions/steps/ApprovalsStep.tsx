import { Box, Checkbox, Stack, Typography } from '@mui/material';
import type { DistributionResult, DonationResult, TransactionResult } from '../../../../domain/distributions';
import type { ContextAdvance, DistributionContext } from '../../../../domain/distributions/context';
import { date } from '../../../format';
import { INPUT_DEBOUNCE_MS } from '../../../hooks/useDebouncedValue';
import { useTerms } from '../../../site/site-config';
import { usd } from '../cents';
import { DebouncedField } from '../components/DebouncedField';
import { type RowsColumn, RowsTable } from '../components/RowsTable';
import type { FormAction, FormState, TransactionRow } from '../form-state';

function Section(props: { title: string; hint: string; children: React.ReactNode }) {
  return (
    <Box component="section" aria-label={props.title}>
      <Typography variant="h3">{props.title}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {props.hint}
      </Typography>
      {props.children}
    </Box>
  );
}

/** The granted amount of a ticked recurring item, from the engine's posted rows. */
function grantedRecurring(rows: readonly TransactionResult[], item: TransactionRow): TransactionResult | undefined {
  return rows.find(
    (row) => row.source === 'recurring' && row.hold_account_id === item.accountId && row.transaction_type === item.type,
  );
}

/**
 * Step 3, "Approvals": staff tick what this distribution pays — designated donations (deposited into
 * their hold accounts), the accounts' recurring MAT Day items, and advance requests, optionally with
 * a typed approved amount. Nothing counts until it is ticked (SPEC.md §4).
 */
export function ApprovalsStep(props: {
  context: DistributionContext;
  result: DistributionResult | null;
  state: FormState;
  dispatch(action: FormAction): void;
  readOnly: boolean;
}) {
  const { context, result, state, dispatch, readOnly } = props;
  const terms = useTerms();
  const fundNames = new Map(context.holdAccounts.map((account) => [account.id, account.fundName]));
  const designated = (result?.donations ?? []).filter((donation) => donation.hold_account_id !== null);
  const recurring = state.transactions.filter((row) => row.recurring);
  const posted = result?.distribution.hold_account_transactions ?? [];
  const advanceResults = new Map((result?.distribution.processedAdvanceRequests ?? []).map((row) => [row.id, row]));
  const warningFor = (advanceId: number) =>
    result?.warnings.find((warning) => warning.advanceRequestId === advanceId)?.message;

  const donationColumns: RowsColumn<DonationResult>[] = [
    {
      key: 'approve',
      label: 'Approved',
      render: (row) => (
        <Checkbox
          checked={state.approvedDonationIds.includes(row.id)}
          disabled={readOnly}
          onChange={() => dispatch({ type: 'toggleDonation', id: row.id })}
          slotProps={{ input: { 'aria-label': `Approve donation to ${row.fund_name} of ${usd(row.amount)}` } }}
        />
      ),
    },
    { key: 'fund', label: 'Fund Name', render: (row) => row.fund_name },
    { key: 'amount', label: 'Amount', align: 'right', render: (row) => usd(row.amount) },
    { key: 'deposited', label: 'Deposited', align: 'right', render: (row) => usd(row.deposited) },
  ];

  const recurringColumns: RowsColumn<TransactionRow>[] = [
    {
      key: 'approve',
      label: 'Approved',
      render: (row) => (
        <Checkbox
          checked={row.approved}
          disabled={readOnly}
          onChange={() => dispatch({ type: 'toggleRecurring', key: row.key })}
          slotProps={{
            input: {
              'aria-label': `Approve recurring ${row.type?.toLowerCase()} of ${usd(row.amount)} for ${fundNames.get(row.accountId ?? 0) ?? 'the account'}`,
            },
          }}
        />
      ),
    },
    { key: 'fund', label: 'Fund Name', render: (row) => fundNames.get(row.accountId ?? 0) ?? '' },
    { key: 'type', label: 'Type', render: (row) => row.type },
    { key: 'amount', label: 'Amount', align: 'right', render: (row) => usd(row.amount) },
    {
      key: 'granted',
      label: 'Granted',
      align: 'right',
      render: (row) => {
        const granted = row.approved ? grantedRecurring(posted, row) : undefined;
        return granted ? usd(granted.amount_approved) : '—';
      },
    },
  ];

  const advanceColumns: RowsColumn<ContextAdvance>[] = [
    {
      key: 'approve',
      label: 'Approved',
      render: (row) => (
        <Checkbox
          checked={state.advances[row.id]?.ticked ?? false}
          disabled={readOnly}
          onChange={() => dispatch({ type: 'toggleAdvance', id: row.id })}
          slotProps={{ input: { 'aria-label': `Approve advance request ${row.id} of ${usd(row.amountRequested)}` } }}
        />
      ),
    },
    {
      key: 'id',
      label: 'Request',
      render: (row) => (
        <>
          #{row.id}
          <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
            Submitted {date(row.dateSubmitted) || '—'}
            {row.matDate ? ` · MAT ${date(row.matDate)}` : ''}
            {row.status === 'approved' && row.amountApproved !== null ? ` · approved ${usd(row.amountApproved)}` : ''}
          </Typography>
        </>
      ),
    },
    { key: 'requested', label: 'Requested', align: 'right', render: (row) => usd(row.amountRequested) },
    {
      key: 'typed',
      label: 'Amount Approved',
      render: (row) => (
        <DebouncedField
          id={`advance-${row.id}-amount`}
          size="small"
          money
          delay={INPUT_DEBOUNCE_MS}
          value={state.advances[row.id]?.typed ?? ''}
          disabled={readOnly}
          placeholder={usd(row.amountApproved ?? row.amountRequested).replace('$', '')}
          onCommit={(typed) => dispatch({ type: 'advanceAmount', id: row.id, typed })}
          sx={{ minWidth: 110, maxWidth: 140 }}
          slotProps={{
            htmlInput: { 'aria-label': `Amount approved for advance request ${row.id}`, style: { textAlign: 'right' } },
          }}
        />
      ),
    },
    {
      key: 'paid',
      label: 'Paid',
      align: 'right',
      render: (row) => {
        const paid = advanceResults.get(row.id);
        const warning = paid?.approved ? warningFor(row.id) : undefined;
        return (
          <>
            {paid?.approved ? usd(paid.dist_amount_approved) : '—'}
            {warning && (
              <Typography variant="caption" color="warning.dark" sx={{ display: 'block', maxWidth: 220, ml: 'auto' }}>
                {warning}
              </Typography>
            )}
          </>
        );
      },
    },
  ];

  return (
    <Stack spacing={3}>
      <Section
        title="Designated Donations"
        hint="Ticked donations are deposited into their hold account; the rest stay in the general fund."
      >
        <RowsTable
          label="Designated donations"
          columns={donationColumns}
          rows={designated}
          rowKey={(row) => row.id}
          emptyText="No designated donations in the chosen upload."
        />
      </Section>
      <Section title="Recurring Transactions" hint="The hold accounts' MAT Day recurring items count only when ticked.">
        <RowsTable
          label="Recurring transactions"
          columns={recurringColumns}
          rows={recurring}
          rowKey={(row) => row.key}
          emptyText={`No recurring transactions on this ${terms.missionary.toLowerCase()}'s hold accounts.`}
        />
      </Section>
      <Section
        title="Advance Requests"
        hint="A ticked request is paid up to the amount approved (blank = the requested amount), as far as the funds allow. An amount above the requested amount becomes $0.00."
      >
        <RowsTable
          label="Advance requests"
          columns={advanceColumns}
          rows={context.advanceRequests}
          rowKey={(row) => row.id}
          emptyText="No open advance requests."
        />
      </Section>
    </Stack>
  );
}
