import AddIcon from '@mui/icons-material/Add';
import { Button, Stack, Typography } from '@mui/material';
import { DISTANCE_LABELS } from '../../../domain/expense-reports/calculations';
import { fromDollars, sum, toDollars } from '../../../domain/money';
import { date, money } from '../../format';
import type { PendingMarks } from '../../offline/pending-rows';
import { ItemMenu } from './ItemMenu';
import { ItemTable } from './ItemTable';
import { markOf, PendingNote } from './PendingNote';
import { Section } from './ReportSection';
import type { FullReport, Mileage } from './types';

/** The report's unit, read here; it is chosen in the trip's dialog (MileageDialog). */
function DistanceUnitNote({ report }: { report: FullReport }) {
  if (report.distance_type === 'none') return null;
  return (
    <Typography color="text.secondary">
      Distances in <strong>{DISTANCE_LABELS[report.distance_type].toLowerCase()}</strong>
    </Typography>
  );
}

export function MileageSection(props: {
  report: FullReport;
  editable: boolean;
  /** Rows that wait on this device (offline/pending-rows.ts). */
  marks?: PendingMarks;
  onAdd(): void;
  onEdit(item: Mileage): void;
  onDelete(item: Mileage): void;
}) {
  const { report, editable } = props;
  const unit = report.distance_type === 'none' ? '' : report.distance_type;
  return (
    <Section
      title="Mileage"
      action={
        editable && (
          <Button variant="outlined" startIcon={<AddIcon />} onClick={props.onAdd}>
            Add Mileage
          </Button>
        )
      }
    >
      <Stack spacing={1.5}>
        <DistanceUnitNote report={report} />
        <ItemTable<Mileage>
          caption="Mileage"
          rows={report.mileage}
          empty={editable ? 'No trips yet. Add a trip in miles or kilometers.' : 'No mileage.'}
          columns={[
            {
              label: 'Date',
              render: (trip) => (
                <>
                  {date(trip.date)}
                  <PendingNote mark={markOf(props.marks, 'mileage', trip.id)} />
                </>
              ),
            },
            { label: 'Type', render: (trip) => trip.category?.expense_category ?? '—' },
            {
              label: 'Odometer',
              render: (trip) => (trip.odometer_start === null ? '—' : `${trip.odometer_start} – ${trip.odometer_end}`),
            },
            { label: 'Distance', align: 'right', render: (trip) => `${trip.total_distance} ${unit}` },
            { label: 'Miles', align: 'right', render: (trip) => (trip.miles === null ? '—' : String(trip.miles)) },
            { label: 'Cost', align: 'right', render: (trip) => money(trip.total_cost) },
          ]}
          actions={
            editable
              ? (trip) => (
                  <ItemMenu
                    label={`trip of ${date(trip.date)}, ${money(trip.total_cost)}`}
                    onEdit={() => props.onEdit(trip)}
                    onDelete={() => props.onDelete(trip)}
                  />
                )
              : undefined
          }
        />
        {report.mileage.length > 0 && (
          <Typography sx={{ textAlign: 'right', fontWeight: 600 }}>
            Mileage: {money(toDollars(sum(report.mileage.map((trip) => fromDollars(trip.total_cost)))))}
          </Typography>
        )}
      </Stack>
    </Section>
  );
}
