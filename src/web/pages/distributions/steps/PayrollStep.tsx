import { Alert, Box, Grid, Link, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import type { DistributionResult } from '../../../../domain/distributions';
import type { DistributionContext } from '../../../../domain/distributions/context';
import { yearNotes } from '../../../../domain/distributions/year-notes';
import { decimalToString } from '../../../../domain/money';
import { INPUT_DEBOUNCE_MS } from '../../../hooks/useDebouncedValue';
import { usd } from '../cents';
import { DebouncedField } from '../components/DebouncedField';
import { FigureList } from '../components/FigureList';
import type { FormAction, FormState } from '../form-state';
import { PayrollInputs } from './PayrollInputs';

/** The rates this month's payroll uses (Payroll Info over the settings), with a way to change them. */
function RatesNote(props: {
  context: DistributionContext;
  result: DistributionResult | null;
  canEditProfile: boolean;
}) {
  const { context, canEditProfile } = props;
  const d = props.result?.distribution;
  const profile = context.profile;
  const ss = profile.socialSecurity ?? context.settings.socialSecurityPercentage;
  const mc = profile.medicare ?? context.settings.medicarePercentage;
  const feePercent = profile.adminFeePercentage ?? context.settings.adminFeePercentage;
  const feeCap = profile.adminFeeCap ?? context.settings.adminFeeCap;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
      {d ? (d.fica_tax ? 'FICA: the salary is grossed up; ' : 'No FICA shares this month; ') : ''}
      social security {decimalToString(ss)} %, Medicare {decimalToString(mc)} %, admin fee {decimalToString(feePercent)}{' '}
      % capped at {usd(feeCap)} (Payroll Info and settings).{' '}
      {canEditProfile && (
        <Link component={RouterLink} to={`/admin/user/${context.user.id}/profile`}>
          Edit Payroll Info
        </Link>
      )}
    </Typography>
  );
}

/**
 * The year's notes on this month's payroll (year-notes.ts): the Social Security wage base reached,
 * a minister's housing allowance paid as taxable wages. The statement says the same.
 */
function YearNotes(props: { context: DistributionContext; result: DistributionResult | null }) {
  const d = props.result?.distribution;
  if (!d) return null;
  const { profile, yearToDate } = props.context;
  const notes = yearNotes(d, { minister: profile.minister ?? false, yearToDate });
  return notes.map((note) => (
    <Alert key={note.code} severity="info" role="status" sx={{ mb: 2 }}>
      {note.message}
    </Alert>
  ));
}

/**
 * Step 2, "Customize payroll": this month's payroll inputs (starting from the field worker's
 * Payroll Info, decision 13 of docs/decisions.md), the payroll row as the engine computes it from them, and the
 * part of the payroll disbursement already paid mid-month.
 */
export function PayrollStep(props: {
  context: DistributionContext;
  result: DistributionResult | null;
  state: FormState;
  dispatch(action: FormAction): void;
  readOnly: boolean;
  canEditProfile: boolean;
  errors: Record<string, string | undefined>;
}) {
  const { context, result } = props;
  const d = result?.distribution;

  return (
    <Box>
      <PayrollInputs
        context={context}
        state={props.state}
        dispatch={props.dispatch}
        readOnly={props.readOnly}
        errors={props.errors}
      />
      <RatesNote context={context} result={result} canEditProfile={props.canEditProfile} />
      <YearNotes context={context} result={result} />
      <Grid container spacing={{ xs: 2, md: 4 }}>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            Payroll
          </Typography>
          <FigureList
            figures={[
              { label: 'Net Salary', value: usd(d?.net_payroll) },
              { label: 'Social Security (employee)', value: usd(d?.employee_ss) },
              { label: 'Medicare (employee)', value: usd(d?.employee_mc) },
              { label: 'Federal Income Tax', value: usd(d?.federal_income_tax) },
              { label: 'Gross Payroll', value: usd(d?.gross_payroll), emphasis: true },
              { label: 'Social Security (employer)', value: usd(d?.employer_ss) },
              { label: 'Medicare (employer)', value: usd(d?.employer_mc) },
              { label: 'Total Payroll', value: usd(d?.total_payroll), emphasis: true },
            ]}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <Typography variant="h3" sx={{ mb: 0.5 }}>
            Disbursement and costs
          </Typography>
          <FigureList
            figures={[
              { label: 'Housing Allowance', value: usd(d?.housing_allowance) },
              { label: 'Retirement 403(b)', value: usd(d?.retirement) },
              { label: 'Payroll Disbursement', value: usd(d?.payroll_disbursement), emphasis: true },
              { label: 'Insurance', value: usd(d?.insurance_payment) },
              { label: 'Wire Fee', value: usd(d?.wire_fee) },
              { label: 'Admin Fee', value: usd(d?.admin_fee) },
              {
                label: 'Payroll Cost',
                value: usd(result?.figures.payrollCost),
                emphasis: true,
                note: 'Total payroll, housing, insurance and wire fee',
              },
            ]}
          />
          <Box sx={{ mt: 2 }}>
            <DebouncedField
              id="mid_month_disbursement"
              label="Mid-month Disbursement"
              money
              delay={INPUT_DEBOUNCE_MS}
              value={props.state.midMonthDisbursement}
              disabled={props.readOnly}
              onCommit={(value) => props.dispatch({ type: 'manual', field: 'midMonthDisbursement', value })}
              error={Boolean(props.errors.mid_month_disbursement)}
              helperText={
                props.errors.mid_month_disbursement ??
                'Part of this payroll disbursement already paid mid-month (blank = none)'
              }
            />
            <FigureList
              figures={[{ label: 'Net Payroll Distribution', value: usd(d?.net_payroll_dist), emphasis: true }]}
            />
          </Box>
        </Grid>
      </Grid>
      {!result && (
        <Alert severity="info" sx={{ mt: 2 }}>
          The figures appear once the distribution can be computed.
        </Alert>
      )}
    </Box>
  );
}
