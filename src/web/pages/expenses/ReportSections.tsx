import { Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { date, money } from '../../format';
import { discardOutboxItem, KEPT_ON_DEVICE, throughOutbox } from '../../offline/outbox';
import type { PendingMarks } from '../../offline/pending-rows';
import { actionOf, type OutboxItem } from '../../offline/queue';
import { useMessages } from '../../shell/messages';
import { ExpenseDialog } from './ExpenseDialog';
import { ExpensesSection } from './ExpensesSection';
import { MileageDialog } from './MileageDialog';
import { MileageSection } from './MileageSection';
import { ReceiptsSection } from './ReceiptsSection';
import type { Expense, FileUpload, FullReport, Mileage } from './types';

type Deleting =
  | { kind: 'expense'; item: Expense }
  | { kind: 'mileage'; item: Mileage }
  | { kind: 'file'; item: FileUpload };

const OUTBOX_KINDS = { expense: 'expense', mileage: 'mileage', file: 'fileUpload' } as const;

/**
 * Deletes a line: one not sent yet is only forgotten on this device; one on the server is deleted
 * through the outbox (offline it waits, in order, behind the lines made before it).
 */
function useDeleteItem(report: FullReport, onDone: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: async (target: Deleting) => {
      if (target.item.id < 0) {
        await discardOutboxItem(-target.item.id);
        return 'sent' as const;
      }
      return throughOutbox({
        userId: report.user_id,
        reportId: report.id,
        kind: OUTBOX_KINDS[target.kind],
        action: 'delete',
        targetId: target.item.id,
        fields: {},
      });
    },
    onSuccess: async (outcome, target) => {
      messages.success(
        outcome === 'kept'
          ? KEPT_ON_DEVICE
          : target.kind === 'expense'
            ? MESSAGES.expenseDeleted
            : target.kind === 'mileage'
              ? MESSAGES.mileageDeleted
              : MESSAGES.fileDeleted,
      );
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
    },
    onError: (error, target) =>
      messages.error(target.kind === 'file' ? MESSAGES.fileDeleteFailed : error.message || MESSAGES.somethingWentWrong),
    onSettled: onDone,
  });
}

function DeleteDialog(props: { deleting: Deleting | null; busy: boolean; onClose(): void; onConfirm(): void }) {
  const { deleting } = props;
  return (
    <ConfirmDialog
      open={deleting !== null}
      title={
        deleting?.kind === 'file'
          ? 'Delete receipt?'
          : deleting?.kind === 'mileage'
            ? 'Delete trip?'
            : 'Delete expense?'
      }
      confirmLabel="Delete"
      destructive
      busy={props.busy}
      onClose={props.onClose}
      onConfirm={props.onConfirm}
    >
      {deleting?.kind === 'file'
        ? `“${deleting.item.filename}” will be removed from this report.`
        : deleting?.kind === 'mileage'
          ? `The trip of ${date(deleting.item.date)} (${money(deleting.item.total_cost)}) will be removed.`
          : deleting
            ? `The expense of ${date(deleting.item.date)} (${money(deleting.item.usd_amount)}) will be removed.`
            : ''}
    </ConfirmDialog>
  );
}

/**
 * Expenses, mileage trips and receipts of a report, with what waits on this device (`marks`);
 * `editable` false hides every add, edit and delete. `editing`: a refused item the user chose to keep
 * editing, opened in its form.
 */
export function ReportSections({
  report,
  marks,
  editable,
  editing,
  onEditing,
}: {
  /** For the owner's editor, with what waits on this device applied (usePendingReport). */
  report: FullReport;
  marks?: PendingMarks;
  editable: boolean;
  editing?: OutboxItem | null;
  onEditing?: () => void;
}) {
  const [expenseDialog, setExpenseDialog] = useState<Expense | 'new' | null>(null);
  const [mileageDialog, setMileageDialog] = useState<Mileage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const remove = useDeleteItem(report, () => setDeleting(null));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new item to edit is the signal
  useEffect(() => {
    if (!editing) return;
    const id = actionOf(editing) === 'create' ? -editing.seq! : editing.targetId;
    if (editing.kind === 'expense') setExpenseDialog(report.expense.find((row) => row.id === id) ?? null);
    if (editing.kind === 'mileage') setMileageDialog(report.mileage.find((row) => row.id === id) ?? null);
    onEditing?.();
  }, [editing]);

  return (
    <Stack spacing={2}>
      <ExpensesSection
        report={report}
        editable={editable}
        marks={marks}
        onAdd={() => setExpenseDialog('new')}
        onEdit={setExpenseDialog}
        onDelete={(item) => setDeleting({ kind: 'expense', item })}
      />
      <MileageSection
        report={report}
        editable={editable}
        marks={marks}
        onAdd={() => setMileageDialog('new')}
        onEdit={setMileageDialog}
        onDelete={(item) => setDeleting({ kind: 'mileage', item })}
      />
      <ReceiptsSection
        report={report}
        editable={editable}
        marks={marks}
        onDelete={(item) => setDeleting({ kind: 'file', item })}
      />
      {expenseDialog && (
        <ExpenseDialog
          report={report}
          expense={expenseDialog === 'new' ? null : expenseDialog}
          onClose={() => setExpenseDialog(null)}
        />
      )}
      {mileageDialog && (
        <MileageDialog
          report={report}
          trip={mileageDialog === 'new' ? null : mileageDialog}
          onClose={() => setMileageDialog(null)}
        />
      )}
      <DeleteDialog
        deleting={deleting}
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      />
    </Stack>
  );
}
