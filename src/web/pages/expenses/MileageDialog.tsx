import { Grid } from '@mui/material';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form';
import { MileageCostPreview } from './MileageCostPreview';
import { categoryOptions } from './options';
import type { FullReport, Mileage } from './types';
import { useMileageForm } from './use-mileage-form';

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
  const { form, categories, rate, unit, unitLabel, distance, submit } = useMileageForm(report, trip, onClose);

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
          <MileageCostPreview distance={distance} unit={unit} unitLabel={unitLabel} rate={rate} />
        </Grid>
      </Grid>
    </FormDialog>
  );
}
