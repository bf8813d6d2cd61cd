import { Box, TextField } from '@mui/material';
import type { DistributionResult } from '../../../../domain/distributions';
import { INPUT_DEBOUNCE_MS, SEARCH_DEBOUNCE_MS } from '../../../hooks/useDebouncedValue';
import { useTerms } from '../../../site/site-config';
import { usd } from '../cents';
import { DebouncedField } from '../components/DebouncedField';
import { type Figure, FigureList } from '../components/FigureList';
import type { FormAction, FormState } from '../form-state';

/** docs/product.md §9: the comments box saves to the form 500 ms after typing stops. */
export const COMMENTS_DEBOUNCE_MS = SEARCH_DEBOUNCE_MS;

/** The comments: read-only text, or a field that keeps every keystroke as a draft. */
function CommentsField(props: {
  comments: string;
  readOnly: boolean;
  error: string | undefined;
  onDraft(value: string): void;
  onCommit(value: string): void;
}) {
  return props.readOnly ? (
    <TextField
      id="comments"
      label="Comments"
      multiline
      rows={7}
      value={props.comments}
      slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
      helperText="Read-only"
    />
  ) : (
    <DebouncedField
      id="comments"
      label="Comments"
      multiline
      rows={7}
      delay={COMMENTS_DEBOUNCE_MS}
      value={props.comments}
      onDraft={props.onDraft}
      onCommit={props.onCommit}
      error={Boolean(props.error)}
      helperText={props.error}
    />
  );
}

/**
 * Step 5, "Distribution": what goes out, read-only, except the two manual amounts an admin may
 * enter in place; then the Comments box.
 */
export function DistributionStep(props: {
  result: DistributionResult | null;
  state: FormState;
  dispatch(action: FormAction): void;
  readOnly: boolean;
  errors: Record<string, string | undefined>;
  /** Every keystroke of the comments, so a submit within the debounce still sends them. */
  onCommentsDraft(value: string): void;
}) {
  const terms = useTerms();
  const d = props.result?.distribution;
  const { state, dispatch, readOnly, errors } = props;

  const manual = (
    field: 'manualReimbursement' | 'manualAdvance',
    wire: 'manual_ministry_reimbursement' | 'manual_ministry_advance',
    label: string,
    granted: number | undefined,
  ): Figure => {
    if (readOnly) return { label, value: usd(granted) };
    const typed = state[field].trim();
    return {
      label,
      value: (
        <DebouncedField
          id={wire}
          money
          size="small"
          delay={INPUT_DEBOUNCE_MS}
          value={state[field]}
          placeholder="0.00"
          onCommit={(value) => dispatch({ type: 'manual', field, value })}
          error={Boolean(errors[wire])}
          helperText={errors[wire]}
          sx={{ width: 150 }}
          slotProps={{ htmlInput: { 'aria-label': label, style: { textAlign: 'right' } } }}
        />
      ),
      note: typed !== '' && granted !== undefined ? `Granted ${usd(granted)}` : undefined,
    };
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box sx={{ maxWidth: 560 }}>
        <FigureList
          figures={[
            { label: 'Net Payroll', value: usd(d?.net_payroll) },
            { label: 'Housing Allowance', value: usd(d?.housing_allowance) },
            { label: 'Retirement 403(b)', value: usd(d?.retirement) },
            { label: 'Payroll Disbursement', value: usd(d?.payroll_disbursement) },
            ...(d && d.mid_month_disbursement !== 0
              ? [
                  { label: 'Mid-month Disbursement', value: usd(d.mid_month_disbursement) },
                  { label: 'Net Payroll Distribution', value: usd(d.net_payroll_dist) },
                ]
              : []),
            { label: 'Held Liability Accounts Withdrawal', value: usd(d?.held_liability_account_withdrawal) },
            { label: `${terms.ministry} Expense Reimbursement`, value: usd(d?.ministry_expense_reimbursement) },
            manual(
              'manualReimbursement',
              'manual_ministry_reimbursement',
              `Manual ${terms.ministry} Reimbursement`,
              d?.manual_ministry_reimbursement,
            ),
            { label: `${terms.ministry} Expense Advance`, value: usd(d?.ministry_expense_advance) },
            manual(
              'manualAdvance',
              'manual_ministry_advance',
              `Manual ${terms.ministry} Advance`,
              d?.manual_ministry_advance,
            ),
            { label: 'Total Funds Disbursed', value: usd(d?.total_funds_disbursed), emphasis: true },
          ]}
        />
      </Box>
      <CommentsField
        comments={state.comments}
        readOnly={readOnly}
        error={errors.comments}
        onDraft={props.onCommentsDraft}
        onCommit={(value) => dispatch({ type: 'comments', value })}
      />
    </Box>
  );
}
