import AddIcon from '@mui/icons-material/Add';
import { Alert, Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { DISTANCE_LABELS, DISTANCE_TYPES, type DistanceType } from '../../../domain/expense-reports/calculations';
import { MESSAGES } from '../../../domain/messages';
import { fromDollars, sum, toDollars } from '../../../domain/money';
import { keys } from '../../api/query-keys';
import { date, money } from '../../format';
import { editQueued, KEPT_ON_DEVICE, throughOutbox } from '../../offline/outbox';
import type { PendingMarks } from '../../offline/pending-rows';
import { useMessages } from '../../shell/messages';
import { ItemMenu } from './ItemMenu';
import { ItemTable } from './ItemTable';
import { markOf, PendingNote } from './PendingNote';
import { Section } from './ReportSection';
import type { FullReport, Mileage } from './types';

function DistanceTypeField({ report, editable }: { report: FullReport; editable: boolean }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const save = useMutation({
    networkMode: 'always',
    // A report started on this device changes where it waits; any other is saved through the outbox.
    mutationFn: (distanceType: DistanceType) =>
      report.id < 0
        ? editQueued(-report.id, { distance_type: distanceType })
        : throughOutbox({
            userId: report.user_id,
            reportId: report.id,
            kind: 'report',
            action: 'update',
            targetId: report.id,
            fields: { distance_type: distanceType },
          }),
    onSuccess: async (outcome) => {
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      messages.success(outcome === 'kept' ? KEPT_ON_DEVICE : MESSAGES.reportSaved);
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
  });
  if (!editable) {
    return (
      <Typography color="text.secondary">
        Distance type: <strong>{DISTANCE_LABELS[report.distance_type]}</strong>
      </Typography>
    );
  }
  return (
    <TextField
      select
      id="distance_type"
      label="Distance type"
      value={report.distance_type}
      disabled={save.isPending}
      onChange={(event) => save.mutate(event.target.value as DistanceType)}
      error={save.isError}
      helperText={save.isError ? save.error.message : 'Saved as soon as you change it'}
      sx={{ minWidth: 200, maxWidth: { sm: 240 } }}
    >
      {DISTANCE_TYPES.map((type) => (
        <MenuItem key={type} value={type}>
          {DISTANCE_LABELS[type]}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The red "Must Select A Distance Type…" toast goes once a type is chosen. */
function DismissWhenChosen({ distanceType }: { distanceType: FullReport['distance_type'] }) {
  const messages = useMessages();
  useEffect(() => {
    if (distanceType !== 'none') messages.dismiss(MESSAGES.distanceTypeRequired);
  }, [distanceType, messages]);
  return null;
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
  const messages = useMessages();
  const [needsType, setNeedsType] = useState(false);
  const unit = report.distance_type === 'none' ? '' : report.distance_type;
  return (
    <Section
      title="Mileage"
      action={
        editable && (
          <Button
            variant="outlined"
            startIcon={<AddIcon />}
            onClick={() => {
              if (report.distance_type === 'none') {
                setNeedsType(true);
                messages.error(MESSAGES.distanceTypeRequired);
                return;
              }
              setNeedsType(false);
              props.onAdd();
            }}
          >
            Add Mileage
          </Button>
        )
      }
    >
      <Stack spacing={1.5}>
        <DistanceTypeField report={report} editable={editable} />
        <DismissWhenChosen distanceType={report.distance_type} />
        {needsType && report.distance_type === 'none' && (
          <Alert severity="error">{MESSAGES.distanceTypeRequired}</Alert>
        )}
        <ItemTable<Mileage>
          caption="Mileage"
          rows={report.mileage}
          empty={editable ? 'No trips yet. Choose a distance type, then add your trips.' : 'No mileage.'}
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
