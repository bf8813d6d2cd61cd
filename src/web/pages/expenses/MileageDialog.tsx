import {
  Alert,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Grid,
  Radio,
  RadioGroup,
} from '@mui/material';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { DISTANCE_LABELS } from '../../../domain/expense-reports/calculations';
import { FormDialog } from '../../components/FormDialog';
import { FormField } from '../../components/form';
import { MileageCostPreview } from './MileageCostPreview';
import { categoryOptions } from './options';
import type { FullReport, Mileage } from './types';
import { type DistanceUnit, type MileageValues, useMileageForm } from './use-mileage-form';

const UNITS: readonly DistanceUnit[] = ['mi', 'km'];

/**
 * Miles or kilometers, in the trip's dialog: the report's unit, which every one of its trips uses.
 * Without one yet the trip cannot be added, and the dialog says so here, under the choice.
 */
function DistanceUnitField(props: {
  form: UseFormReturn<MileageValues>;
  current: FullReport['distance_type'];
  otherTrips: number;
}) {
  const { form, current, otherTrips } = props;
  return (
    <Controller
      control={form.control}
      name="distance_type"
      render={({ field, fieldState }) => {
        const changing = current !== 'none' && field.value !== current && otherTrips > 0;
        return (
          <FormControl component="fieldset" error={fieldState.error !== undefined} required>
            <FormLabel component="legend">Distance unit</FormLabel>
            <RadioGroup
              row
              name={field.name}
              value={field.value}
              onChange={(event) => field.onChange(event.target.value)}
            >
              {UNITS.map((unit) => (
                <FormControlLabel
                  key={unit}
                  value={unit}
                  control={<Radio slotProps={{ input: { ref: unit === 'mi' ? field.ref : undefined } }} />}
                  label={DISTANCE_LABELS[unit]}
                />
              ))}
            </RadioGroup>
            <FormHelperText>
              {fieldState.error?.message ??
                (changing
                  ? `The other ${otherTrips === 1 ? 'trip' : `${otherTrips} trips`} of this report will be counted in ${DISTANCE_LABELS[field.value as DistanceUnit].toLowerCase()} too.`
                  : 'Every trip of this report uses the same unit.')}
            </FormHelperText>
          </FormControl>
        );
      }}
    />
  );
}

/**
 * Add or change a trip: its unit (the report's), odometer readings or the distance; the preview shows
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
  const { form, categories, rate, unit, unitLabel, distance, otherTrips, submit } = useMileageForm(
    report,
    trip,
    onClose,
  );

  return (
    <FormDialog
      title={trip ? 'Edit Mileage' : 'Add Mileage'}
      submitLabel={trip ? 'Save Mileage' : 'Add Mileage'}
      submitting={form.formState.isSubmitting}
      onSubmit={submit}
      onClose={onClose}
    >
      <Grid container spacing={2} sx={{ pt: 1 }}>
        <Grid size={12}>
          <DistanceUnitField form={form} current={report.distance_type} otherTrips={otherTrips} />
        </Grid>
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
            label={unit ? `Distance (${unitLabel})` : 'Distance'}
            inputMode="decimal"
            autoComplete="off"
            helperText="Or the distance, when you did not note the odometer"
          />
        </Grid>
        <Grid size={12}>
          {unit ? (
            <MileageCostPreview distance={distance} unit={unit} unitLabel={unitLabel} rate={rate} />
          ) : (
            <Alert severity="info">Choose miles or kilometers to see what the trip is reimbursed.</Alert>
          )}
        </Grid>
      </Grid>
    </FormDialog>
  );
}
