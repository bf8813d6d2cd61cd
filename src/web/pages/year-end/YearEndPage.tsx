import DownloadIcon from '@mui/icons-material/Download';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { type TYearEndRow, yearEndContract } from '../../../domain/year-end/contract';
import { ApiError, call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { Loading } from '../../components/Loading';
import { PageHeader } from '../../components/PageHeader';
import { money } from '../../format';
import { useCurrentUser } from '../../session/session';
import { AdvancesToReview } from './AdvancesToReview';
import { TraceDialog } from './TraceDialog';
import { useYearEndDownload, type YearEndDownload } from './use-year-end-download';
import { YearEndTable } from './YearEndTable';
import { YearEndTotals } from './YearEndTotals';
import { yearChoices } from './years';

const TITLE = 'Year End';
const SUBTITLE = 'W-2 and 1099-NEC figures from the year’s approved distributions, to key into your filing software.';

/** A year without tax figures: the report will not guess them (docs/tax.md), so say where they go. */
function NoTaxFigures({ year }: { year: number }) {
  return (
    <Alert
      severity="warning"
      action={
        <Button color="inherit" size="small" component={RouterLink} to="/admin/settings">
          Open Settings
        </Button>
      }
    >
      No tax figures for {year} yet: enter its wage base, 1099-NEC threshold and 403(b) limit on Settings, Tax Years.
    </Alert>
  );
}

/** The year, kept in the address (`?year=`) so a reload or a shared link opens the same one. */
function YearChooser({ year, years }: { year: number; years: number[] }) {
  const [, setSearch] = useSearchParams();
  const choose = (next: number) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      params.set('year', String(next));
      return params;
    });
  return (
    <TextField
      id="year-end-year"
      select
      label="Tax year"
      value={year}
      onChange={(event) => choose(Number(event.target.value))}
      sx={{ width: { xs: '100%', sm: 160 }, flexShrink: 0 }}
    >
      {years.map((option) => (
        <MenuItem key={option} value={option}>
          {option}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Download CSV and Excel: once the year's figures are in, and one download at a time. */
function ReportDownloads(props: { year: number; ready: boolean; downloads: YearEndDownload }) {
  const { year, downloads } = props;
  const disabled = !props.ready || downloads.busy !== null;
  return (
    <>
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        disabled={disabled}
        onClick={() => downloads.report(year, 'csv')}
      >
        Download CSV
      </Button>
      <Button
        variant="outlined"
        startIcon={<DownloadIcon />}
        disabled={disabled}
        onClick={() => downloads.report(year, 'xlsx')}
      >
        Download Excel
      </Button>
    </>
  );
}

/**
 * /admin/year-end (docs/tax.md, "At year end"): choose the year; the people with their W-2 or
 * 1099-NEC figures, the totals, each row traced to its distributions, the advances to confirm as
 * wages, and the downloads. The figures are admin-only; an employee is told so.
 */
export function YearEndPage() {
  const me = useCurrentUser();
  const admin = me.role === 'admin';
  const { years, initial } = yearChoices();
  const [search] = useSearchParams();
  const chosen = Number(search.get('year'));
  const year = years.includes(chosen) ? chosen : initial;
  const input = { query: { year } };
  const report = useQuery({
    queryKey: queryKeyOf(yearEndContract.yearEnd, input),
    queryFn: () => call(yearEndContract.yearEnd, input),
    enabled: admin,
  });
  const downloads = useYearEndDownload();
  const [tracing, setTracing] = useState<TYearEndRow | null>(null);

  if (!admin) {
    return (
      <>
        <PageHeader title={TITLE} subtitle={SUBTITLE} />
        <Alert severity="info">
          Only an admin can see the year-end figures: they are each person’s pay and taxes for the year.
        </Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader
        title={TITLE}
        subtitle={SUBTITLE}
        actions={<ReportDownloads year={year} ready={report.isSuccess} downloads={downloads} />}
      />
      <Stack spacing={2}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <YearChooser year={year} years={years} />
          {report.isSuccess && (
            <Typography variant="body2" color="text.secondary">
              Wage base {money(report.data.tax_year.social_security_wage_base)} · 1099-NEC from{' '}
              {money(report.data.tax_year.nec_threshold)} · 403(b) limit{' '}
              {money(report.data.tax_year.elective_deferral_limit)} (Settings, Tax years)
            </Typography>
          )}
        </Stack>
        {report.isPending && <Loading />}
        {report.isError &&
          (report.error instanceof ApiError && report.error.status === 404 ? (
            <NoTaxFigures year={year} />
          ) : (
            <ErrorState error={report.error} onRetry={() => report.refetch()} />
          ))}
        {report.isSuccess && (
          <>
            <YearEndTotals data={report.data} />
            <YearEndTable year={year} rows={report.data.rows} downloads={downloads} onTrace={setTracing} />
            <AdvancesToReview year={year} advances={report.data.advances_to_review} />
          </>
        )}
      </Stack>
      {tracing && <TraceDialog year={year} row={tracing} onClose={() => setTracing(null)} />}
    </>
  );
}
