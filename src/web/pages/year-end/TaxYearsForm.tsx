import { Alert, Button, Grid, InputAdornment, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TTaxYear, yearEndContract } from '../../../domain/year-end/contract';
import { taxYearBodySchema } from '../../../domain/year-end/tax-years';
import { ApiError, call } from '../../api/call';
import { featureKeyOf, queryKeyOf } from '../../api/contract-keys';
import { ErrorState } from '../../components/ErrorState';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { Loading } from '../../components/Loading';
import { twoDecimals } from '../../format';
import { useMessages } from '../../shell/messages';
import { yearChoices } from './years';

const FIELDS = [
  ['social_security_wage_base', 'Social Security wage base', 'The Social Security share stops at this much pay (SSA).'],
  ['nec_threshold', '1099-NEC threshold', '1099 workers paid this much or more get a 1099-NEC.'],
  ['elective_deferral_limit', '403(b) elective deferral limit', 'Year end notes deferrals above it (IRS Pub. 571).'],
] as const;

const missing = (error: unknown) => error instanceof ApiError && error.status === 404;

/**
 * Settings, "Tax years" (docs/tax.md, "Tax figures by year"): the figures that change every year.
 * Next year is offered first, so the office can enter it before January; a year without figures
 * says so and offers empty fields.
 */
export function TaxYearsForm({ editable }: { editable: boolean }) {
  const { years } = yearChoices();
  const choices = [years[0] + 1, ...years];
  const [year, setYear] = useState(years[0]);
  const input = { params: { year } };
  const query = useQuery({
    queryKey: queryKeyOf(yearEndContract.getTaxYear, input),
    queryFn: () => call(yearEndContract.getTaxYear, input),
    retry: (count, error) => !missing(error) && count < 2,
  });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Typography variant="h2">Tax Years</Typography>
        {!editable && <Alert severity="info">Only an admin can change the tax figures; you can read them here.</Alert>}
        <TextField
          id="tax-year"
          select
          label="Year"
          value={year}
          onChange={(event) => setYear(Number(event.target.value))}
          sx={{ maxWidth: 160 }}
        >
          {choices.map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
        {query.isPending && <Loading />}
        {query.isError && !missing(query.error) && <ErrorState error={query.error} onRetry={() => query.refetch()} />}
        {query.isError && missing(query.error) && (
          <Alert severity="warning">
            No tax figures for {year} yet: until they are saved, the Social Security share has no cap and the year-end
            report refuses {year}.
          </Alert>
        )}
        {(query.isSuccess || missing(query.error)) && (
          <TaxYearFields key={`${year}:${query.dataUpdatedAt}`} year={year} saved={query.data} editable={editable} />
        )}
      </Stack>
    </Paper>
  );
}

function TaxYearFields({ year, saved, editable }: { year: number; saved?: TTaxYear; editable: boolean }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const form = useSchemaForm(taxYearBodySchema, {
    social_security_wage_base: saved ? twoDecimals(saved.social_security_wage_base) : '',
    nec_threshold: saved ? twoDecimals(saved.nec_threshold) : '',
    elective_deferral_limit: saved ? twoDecimals(saved.elective_deferral_limit) : '',
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await call(yearEndContract.putTaxYear, { params: { year }, body: values });
      messages.success(`Tax figures for ${year} saved.`);
      await queryClient.invalidateQueries({ queryKey: featureKeyOf(yearEndContract.getTaxYear) });
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={`Tax figures for ${year}`}>
      <Grid container spacing={2}>
        {FIELDS.map(([name, label, help]) => (
          <Grid key={name} size={{ xs: 12, sm: 4 }}>
            <FormField
              control={form.control}
              name={name}
              label={label}
              inputMode="decimal"
              disabled={!editable}
              helperText={help}
              slotProps={{ input: { startAdornment: <InputAdornment position="start">$</InputAdornment> } }}
            />
          </Grid>
        ))}
      </Grid>
      {editable && (
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" disabled={form.formState.isSubmitting}>
            Save {year}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
