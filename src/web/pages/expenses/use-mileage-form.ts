import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { DISTANCE_LABELS, tripDistance } from '../../../domain/expense-reports/calculations';
import { mileageSchema } from '../../../domain/expense-reports/schemas';
import { MESSAGES } from '../../../domain/messages';
import { keys } from '../../api/query-keys';
import { applyServerErrors, useSchemaForm } from '../../components/form';
import { localToday } from '../../format';
import { editQueued, KEPT_ON_DEVICE, saveLine, throughOutbox } from '../../offline/outbox';
import { useMessages } from '../../shell/messages';
import { useCategories, useMileageRate } from './queries';
import type { FullReport, Mileage } from './types';

export type DistanceUnit = 'km' | 'mi';

export interface MileageValues {
  date: string;
  type: string;
  odometer_start: string;
  odometer_end: string;
  total_distance: string;
  /** The report's unit, chosen in the trip's dialog (every trip of a report uses one unit). */
  distance_type: DistanceUnit | '';
  [key: string]: string;
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));

export const unitOf = (value: unknown): DistanceUnit | null => (value === 'km' || value === 'mi' ? value : null);

function valuesOf(report: FullReport, trip: Mileage | null): MileageValues {
  const byOdometer = trip?.odometer_start !== null && trip?.odometer_start !== undefined;
  return {
    date: trip?.date ?? localToday(),
    type: trip?.type ? String(trip.type) : '',
    odometer_start: text(trip?.odometer_start),
    odometer_end: text(trip?.odometer_end),
    total_distance: byOdometer ? '' : text(trip?.total_distance),
    distance_type: unitOf(report.distance_type) ?? '',
  };
}

/**
 * The report's distance unit, saved as its lines are: a report started on this device changes where
 * it waits; any other is changed through the outbox, ahead of the trip saved after it.
 */
function saveDistanceUnit(report: FullReport, unit: DistanceUnit): Promise<'sent' | 'kept'> {
  if (report.id < 0) return editQueued(-report.id, { distance_type: unit });
  return throughOutbox({
    userId: report.user_id,
    reportId: report.id,
    kind: 'report',
    action: 'update',
    targetId: report.id,
    fields: { distance_type: unit },
  });
}

/**
 * The trip form's state: the unit (the report's, chosen here when it has none yet), the distance
 * read from the odometer or typed, the mileage rate for the preview, and saving (unit first, then
 * the trip, both through the outbox, so they are kept offline and sent in that order).
 */
export function useMileageForm(report: FullReport, trip: Mileage | null, onClose: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const categories = useCategories();
  const rate = useMileageRate();
  const form = useSchemaForm(mileageSchema, valuesOf(report, trip));
  const [start, end, typed, chosen] = useWatch({
    control: form.control,
    name: ['odometer_start', 'odometer_end', 'total_distance', 'distance_type'],
  });
  const unit = unitOf(chosen);
  const unitLabel = DISTANCE_LABELS[unit ?? 'mi'].toLowerCase();
  const distance = tripDistance({
    odometer_start: start || undefined,
    odometer_end: end || undefined,
    total_distance: typed || undefined,
  });
  // The other trips whose cost follows a change of unit.
  const otherTrips = report.mileage.filter((each) => each.id !== trip?.id).length;
  const needUnit = () =>
    form.setError('distance_type', { type: 'required', message: MESSAGES.distanceTypeRequired }, { shouldFocus: true });

  const submit = form.handleSubmit(
    async ({ distance_type: chosenUnit, ...values }) => {
      const unitChosen = unitOf(chosenUnit);
      if (!unitChosen) return needUnit();
      try {
        const unitSaved = unitChosen === report.distance_type ? 'sent' : await saveDistanceUnit(report, unitChosen);
        // A trip not sent yet changes where it waits; a new one or a change goes through the outbox.
        const outcome = await saveLine('mileage', report, trip?.id ?? null, values);
        const kept = outcome === 'kept' || unitSaved === 'kept';
        messages.success(kept ? KEPT_ON_DEVICE : trip ? MESSAGES.mileageUpdated : MESSAGES.mileageAdded);
        await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
        onClose();
      } catch (error) {
        messages.error(applyServerErrors(form, error));
      }
    },
    // The unit's message joins the others when the rest of the form is refused too.
    () => {
      if (!unitOf(form.getValues('distance_type'))) needUnit();
    },
  );

  return { form, categories, rate, unit, unitLabel, distance, otherTrips, submit };
}
