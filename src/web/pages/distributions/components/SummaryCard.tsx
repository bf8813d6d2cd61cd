import {
  Alert,
  Box,
  Card,
  CardContent,
  CardHeader,
  Checkbox,
  Divider,
  LinearProgress,
  Stack,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import type { DistributionResult, TransactionType } from '../../../../domain/distributions';
import { date } from '../../../format';
import { useTerms } from '../../../site/site-config';
import { usd } from '../cents';
import { warningSeverity, warningText } from '../warnings';
import { type Figure, FigureList } from './FigureList';

export interface SummaryHeader {
  name: string;
  missionaryNumber: string | null;
  taxStatus: string | null;
  ficaTax: boolean;
  startDate: string;
  endDate: string;
}

/** The subtitle's range in the app's one date format, "MM/DD/YYYY - MM/DD/YYYY" (docs/product.md §2.4). */
export function dateRange(start: string, end: string): string {
  return start && end ? `${date(start)} - ${date(end)}` : '';
}

/**
 * The Summary card (docs/product.md §2.4), always shown: Overview and Hold Accounts tabs, every figure
 * read-only and straight from the engine's result.
 */
export function SummaryCard(props: {
  header: SummaryHeader | null;
  result: DistributionResult | null;
  /** Recomputing or loading the field worker's data. */
  busy?: boolean;
  /** Why there is no result (engine refusal, load failure, nothing chosen yet). */
  problem?: string | null;
  onDonations(): void;
  onHoldAccount(type: TransactionType): void;
  onFunds(): void;
}) {
  const terms = useTerms();
  const [tab, setTab] = useState(0);
  const { header, result } = props;

  return (
    <Card variant="outlined" component="section" aria-labelledby="summary-title">
      <CardHeader
        title="Summary"
        subheader={
          header ? (
            <>
              <Box component="span" sx={{ display: 'block' }}>
                {header.name}
              </Box>
              <Box component="span" sx={{ display: 'block' }}>
                {dateRange(header.startDate, header.endDate)}
              </Box>
            </>
          ) : (
            `Choose a ${terms.missionary.toLowerCase()} and dates to see the distribution.`
          )
        }
        slotProps={{ title: { id: 'summary-title', variant: 'h2', component: 'h2' } }}
        sx={{ pb: 0.5 }}
      />
      <Box sx={{ height: 4 }}>{props.busy && <LinearProgress aria-label="Updating the summary" />}</Box>
      <Tabs
        value={tab}
        onChange={(_event, next) => setTab(next)}
        aria-label="Summary"
        sx={{ px: 1 }}
        variant="fullWidth"
      >
        <Tab label="Overview" id="summary-tab-0" aria-controls="summary-panel-0" />
        <Tab label="Hold Accounts" id="summary-tab-1" aria-controls="summary-panel-1" />
      </Tabs>
      <Divider />
      <CardContent>
        {props.problem && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {props.problem}
          </Alert>
        )}
        {result && result.warnings.length > 0 && (
          <Stack spacing={1} sx={{ mb: 2 }} role="region" aria-label="Warnings">
            {result.warnings.map((warning, index) => (
              <Alert
                // biome-ignore lint/suspicious/noArrayIndexKey: warnings come in waterfall order and may repeat a code
                key={index}
                severity={warningSeverity(warning)}
                sx={{ py: 0, '& .MuiAlert-message': { py: 0.75 } }}
              >
                {warningText(warning, terms)}
              </Alert>
            ))}
          </Stack>
        )}
        <Box role="tabpanel" id="summary-panel-0" aria-labelledby="summary-tab-0" hidden={tab !== 0}>
          {tab === 0 && (
            <Overview
              header={header}
              result={result}
              onDonations={props.onDonations}
              onHoldAccount={props.onHoldAccount}
              onFunds={props.onFunds}
            />
          )}
        </Box>
        <Box role="tabpanel" id="summary-panel-1" aria-labelledby="summary-tab-1" hidden={tab !== 1}>
          {tab === 1 && <HoldAccountsTab result={result} onHoldAccount={props.onHoldAccount} />}
        </Box>
      </CardContent>
    </Card>
  );
}

function Overview(props: {
  header: SummaryHeader | null;
  result: DistributionResult | null;
  onDonations(): void;
  onHoldAccount(type: TransactionType): void;
  onFunds(): void;
}) {
  const terms = useTerms();
  const d = props.result?.distribution;
  const header = props.header;
  const figures: Figure[] = [
    { label: `${terms.missionary} Number`, value: header?.missionaryNumber },
    { label: 'Tax Status', value: header?.taxStatus },
    {
      label: 'FICA Tax',
      value: (
        <Checkbox
          checked={header?.ficaTax ?? false}
          disabled
          size="small"
          sx={{ p: 0 }}
          slotProps={{ input: { 'aria-label': 'FICA Tax' } }}
        />
      ),
    },
    { label: 'Starting Balance', value: usd(d?.starting_balance), alert: (d?.starting_balance ?? 0) < 0 },
    {
      label: 'Total Donations',
      value: usd(d?.total_donations),
      onInfo: d ? props.onDonations : undefined,
      infoLabel: 'Show donations',
    },
    {
      label: 'Hold Account Transfers',
      value: usd(d?.transfer_from_held),
      onInfo: d ? () => props.onHoldAccount('Transfer') : undefined,
      infoLabel: 'Show hold account transfers',
    },
    { label: 'Admin Fee', value: usd(d?.admin_fee) },
    {
      label: 'Distributable Funds',
      value: usd(d?.funds_available),
      alert: (d?.funds_available ?? 0) < 0,
      onInfo: d ? props.onFunds : undefined,
      infoLabel: 'How the distributable funds are computed',
    },
    { label: 'Total Payroll', value: usd(d?.total_payroll) },
    {
      label: 'Total Expenses',
      value: usd(d?.total_expenses),
      note:
        d && typeof d.ministry_reimbursement === 'number' ? `Reimbursed ${usd(d.ministry_reimbursement)}` : undefined,
    },
    { label: 'Ending Balance', value: usd(d?.ending_balance), emphasis: true, alert: (d?.ending_balance ?? 0) < 0 },
    { label: 'Starting Unreimbursed Amount', value: usd(d?.unreimbursed_amount_starting) },
    { label: 'Accrued Unreimbursed Amount', value: usd(d?.unreimbursed_amount_accrued) },
    { label: 'Reimbursed Unreimbursed Amount', value: usd(d?.unreimbursed_reimbursement) },
    { label: 'Ending Unreimbursed Amount', value: usd(d?.unreimbursed_amount_ending), emphasis: true },
  ];
  return <FigureList figures={figures} />;
}

function HoldAccountsTab(props: { result: DistributionResult | null; onHoldAccount(type: TransactionType): void }) {
  const accounts = props.result?.holdAccounts ?? [];
  if (accounts.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {props.result ? 'No hold accounts.' : 'Nothing to show yet.'}
      </Typography>
    );
  }
  return (
    <Stack spacing={2} divider={<Divider flexItem />}>
      {accounts.map((account) => (
        <Box key={account.id} component="section" aria-label={account.fundName}>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            {account.fundName}
          </Typography>
          <FigureList
            dense
            figures={[
              { label: 'Starting Balance', value: usd(account.startingBalance) },
              { label: 'Donations Amount', value: usd(account.donationsAmount) },
              {
                label: 'Deposit Amount',
                value: usd(account.totalDepositAmount),
                onInfo: () => props.onHoldAccount('Deposit'),
                infoLabel: `Show deposits of ${account.fundName}`,
              },
              {
                label: 'Transfer Amount',
                value: usd(account.totalTransferAmount),
                onInfo: () => props.onHoldAccount('Transfer'),
                infoLabel: `Show transfers of ${account.fundName}`,
              },
              {
                label: 'Withdrawal Amount',
                value: usd(account.totalWithdrawalAmount),
                onInfo: () => props.onHoldAccount('Withdrawal'),
                infoLabel: `Show withdrawals of ${account.fundName}`,
              },
              {
                label: 'Ending Balance',
                value: usd(account.endingBalance),
                emphasis: true,
                alert: account.endingBalance < 0,
              },
              { label: 'Starting Unreimbursed Amount', value: usd(account.startingUnreimbursedAmount) },
              { label: 'Reimbursed Amount', value: usd(account.reimbursedAmount) },
              {
                label: 'Ending Unreimbursed Amount',
                value: usd(account.endingUnreimbursedAmount),
                emphasis: true,
              },
            ]}
          />
        </Box>
      ))}
    </Stack>
  );
}
