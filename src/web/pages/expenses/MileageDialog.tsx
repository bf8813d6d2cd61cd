import { Box, Grid, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { DISTANCE_LABELS, formatMiles, mileageCost, tripDistance } from '../../../domain/expense-reports/calculations';
import { mileageSchema } from '../../../domain/expense-reports/schemas';
import { MESSAGES } from '../../../domain/messages';
import { decimalToString, formatUSD } from '../../../domain/money';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { FormDialog } from '../../components/FormDialog';
import { applyServerErrors, FormField, useSchemaForm } from '../../components/form';
import { createThroughOutbox, formFields, KEPT_ON_DEVICE } from '../../offline/outbox';
import { useMessages } from '../../shell/messages';
import { categoryOptions } from './options';
import { useCategories, useMileageRate } from './queries';
import type { FullReport, Mileage } from './types';

interface Values {
  date: string;
  type: string;
  odometer_start: string;
  odometer_end: string;
  total_distance: string;
  [key: string]: string;
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

function valuesOf(trip: Mileage | null): Values {
  const byOdometer = trip?.odometer_start !== null && trip?.odometer_start !== undefined;
  return {
    date: trip?.date ?? '',
    type: trip?.type ? String(trip.type) : '',
    odometer_start: text(trip?.odometer_start),
    odometer_end: text(trip?.odometer_end),
    total_distance: byOdometer ? '' : text(trip?.total_distance),
  };
}

/**
 * Add or change a trip: odometer readings or the distance, in the report's unit; the preview shows
 * the miles and the cost at the current mileage rate, as the server will compute them.
 */
export function MileageDialog({
  report,
  trip,
  onClose,
}: {
  report: FullReport;
  trip: Mileage | null;
  onClose(): void;
}) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const rate = useMileageRate();
  const form = useSchemaForm(mileageSchema, valuesOf(trip));
  const [start, end, typed] = useWatch({
    control: form.control,
    name: ['odometer_start', 'odometer_end', 'total_distance'],
  });
  const unit = report.distance_type === 'none' ? 'mi' : report.distance_type;
  const unitLabel = DISTANCE_LABELS[unit].toLowerCase();
  const distance = tripDistance({
    odometer_start: start || undefined,
    odometer_end: end || undefined,
    total_distance: typed || undefined,
  });

  const submit = form.handleSubmit(async (values) => {
    try {
      let outcome: 'sent' | 'kept' = 'sent';
      if (trip) await api.patchForm(`/mileage/${trip.id}`, values);
      else
        outcome = await createThroughOutbox({
          userId: report.user_id,
          reportId: report.id,
          kind: 'mileage',
          fields: formFields({ ...values, expense_report_id: report.id }),
        });
      messages.success(outcome === 'kept' ? KEPT_ON_DEVICE : trip ? MESSAGES.mileageUpdated : MESSAGES.mileageAdded);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      onClose();
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });

  return (
    <FormDialog
      title={trip ? 'Edit Mileage' : 'Add Mileage'}
      submitLabel={trip ? 'Save Mileage' : 'Add Mileage'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            control={form.control}
            name="date"
            label="Date"
            type="date"
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormField
            control={form.control}
            name="type"
            label="Type (optional)"
            options={[{ value: '', label: 'Not set' }, ...categoryOptions(categories.data, 'mileage')]}
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <FormField
            control={form.control}
            name="odometer_start"
            label="Odometer start"
            inputMode="decimal"
            autoComplete="off"
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <FormField
            control={form.control}
            name="odometer_end"
            label="Odometer end"
            inputMode="decimal"
            autoComplete="off"
          />
        </Grid>
        <Grid size={12}>
          <FormField
            control={form.control}
            name="total_distance"
            label={`Distance (${unitLabel})`}
            inputMode="decimal"
            autoComplete="off"
            helperText="Or the distance, when you did not note the odometer"
          />
        </Grid>
        <Grid size={12}>
          <Box
            role="status"
            aria-live="polite"
            sx={{
              bgcolor: 'action.hover',
              borderRadius: 1,
              px: 2,
              py: 1.5,
              display: 'flex',
              flexWrap: 'wrap',
              gap: 1,
            }}
          >
            <Typography color="text.secondary">Reimbursement:</Typography>
            <Typography sx={{ fontWeight: 600 }}>
              {distance ? formatUSD(mileageCost(distance, unit, rate)) : formatUSD(0)}
            </Typography>
            {distance && (
              <Typography color="text.secondary">
                ({decimalToString(distance)} {unitLabel}
                {unit === 'km' ? ` = ${formatMiles(distance, 'km')} miles` : ''} at ${decimalToString(rate)} per mile)
              </Typography>
            )}
          </Box>
        </Grid>
      </Grid>
    </FormDialog>
  );
}
