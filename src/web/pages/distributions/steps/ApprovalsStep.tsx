import { Box, Stack, Typography } from '@mui/material';
import type { DistributionResult } from '../../../../domain/distributions';
import type { DistributionContext } from '../../../../domain/distributions/context';
import { useTerms } from '../../../site/site-config';
import { RowsTable } from '../components/RowsTable';
import type { FormAction, FormState } from '../form-state';
import { advanceColumns, donationColumns, recurringColumns } from './approval-columns';

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

/**
 * Step 3, "Approvals": staff tick what this distribution pays — designated donations (deposited into
 * their hold accounts), the accounts' recurring MAT Day items, and advance requests, optionally with
 * a typed approved amount. Nothing counts until it is ticked (docs/product.md §4).
 */
export function ApprovalsStep(props: {
  context: DistributionContext;
  result: DistributionResult | null;
  state: FormState;
  dispatch(action: FormAction): void;
  readOnly: boolean;
}) {
  const { context, result, state } = props;
  const terms = useTerms();
  const fundNames = new Map(context.holdAccounts.map((account) => [account.id, account.fundName]));
  const designated = (result?.donations ?? []).filter((donation) => donation.hold_account_id !== null);
  const recurring = state.transactions.filter((row) => row.recurring);
  const posted = result?.distribution.hold_account_transactions ?? [];

  return (
    <Stack spacing={3}>
      <Section
        title="Designated Donations"
        hint="Ticked donations are deposited into their hold account; the rest stay in the general fund."
      >
        <RowsTable
          label="Designated donations"
          columns={donationColumns(props)}
          rows={designated}
          rowKey={(row) => row.id}
          emptyText="No designated donations in the chosen upload."
        />
      </Section>
      <Section title="Recurring Transactions" hint="The hold accounts' MAT Day recurring items count only when ticked.">
        <RowsTable
          label="Recurring transactions"
          columns={recurringColumns(props, fundNames, posted)}
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
          columns={advanceColumns(props, result)}
          rows={context.advanceRequests}
          rowKey={(row) => row.id}
          emptyText="No open advance requests."
        />
      </Section>
    </Stack>
  );
}
