import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { DISTANCE_LABELS, tripDistance } from '../../../domain/expense-reports/calculations';
import { mileageSchema } from '../../../domain/expense-reports/schemas';
import { MESSAGES } from '../../../domain/messages';
import { keys } from '../../api/query-keys';
import { applyServerErrors, useSchemaForm } from '../../components/form';
import { localToday } from '../../format';
import { KEPT_ON_DEVICE, saveLine } from '../../offline/outbox';
import { useMessages } from '../../shell/messages';
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
    date: trip?.date ?? localToday(),
    type: trip?.type ? String(trip.type) : '',
    odometer_start: text(trip?.odometer_start),
    odometer_end: text(trip?.odometer_end),
    total_distance: byOdometer ? '' : text(trip?.total_distance),
  };
}

/**
 * The trip form's state: the distance read from the odometer or typed, in the report's unit, the
 * mileage rate for the preview, and saving (a new trip goes through the outbox, so it is kept offline).
 */
export function useMileageForm(report: FullReport, trip: Mileage | null, onClose: () => void) {
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
      // A trip not sent yet changes where it waits; a new one or a change goes through the outbox.
      const outcome = await saveLine('mileage', report, trip?.id ?? null, values);
      messages.success(outcome === 'kept' ? KEPT_ON_DEVICE : trip ? MESSAGES.mileageUpdated : MESSAGES.mileageAdded);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      onClose();
    } catch (error) {
      messages.error(applyServerErrors(form, error));
    }
  });

  return { form, categories, rate, unit, unitLabel, distance, submit };
}
