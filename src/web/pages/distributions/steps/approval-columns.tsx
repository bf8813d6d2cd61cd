import { Checkbox, Typography } from '@mui/material';
import type { DistributionResult, DonationResult, TransactionResult } from '../../../../domain/distributions';
import type { ContextAdvance } from '../../../../domain/distributions/context';
import { date } from '../../../format';
import { INPUT_DEBOUNCE_MS } from '../../../hooks/useDebouncedValue';
import { usd } from '../cents';
import { DebouncedField } from '../components/DebouncedField';
import type { RowsColumn } from '../components/RowsTable';
import type { FormAction, FormState, TransactionRow } from '../form-state';

/** What every Approvals column needs: the form's ticks, where a tick goes, and whether ticking is allowed. */
export interface ApprovalTicks {
  state: FormState;
  dispatch(action: FormAction): void;
  readOnly: boolean;
}

/** The granted amount of a ticked recurring item, from the engine's posted rows. */
function grantedRecurring(rows: readonly TransactionResult[], item: TransactionRow): TransactionResult | undefined {
  return rows.find(
    (row) => row.source === 'recurring' && row.hold_account_id === item.accountId && row.transaction_type === item.type,
  );
}

/** Designated donations: a tick deposits the donation into its hold account. */
export function donationColumns({ state, dispatch, readOnly }: ApprovalTicks): RowsColumn<DonationResult>[] {
  return [
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
}

/** The hold accounts' recurring items, with what the engine granted of each ticked one. */
export function recurringColumns(
  { dispatch, readOnly }: ApprovalTicks,
  fundNames: ReadonlyMap<number, string>,
  posted: readonly TransactionResult[],
): RowsColumn<TransactionRow>[] {
  return [
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
}

/** Open advance requests: a tick, an optional typed amount, and what the engine paid (with its warning). */
export function advanceColumns(
  { state, dispatch, readOnly }: ApprovalTicks,
  result: DistributionResult | null,
): RowsColumn<ContextAdvance>[] {
  const advanceResults = new Map((result?.distribution.processedAdvanceRequests ?? []).map((row) => [row.id, row]));
  const warningFor = (advanceId: number) =>
    result?.warnings.find((warning) => warning.advanceRequestId === advanceId)?.message;
  return [
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
}
