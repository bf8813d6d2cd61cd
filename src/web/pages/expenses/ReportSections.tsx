import { Stack } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { date, money } from '../../format';
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

function useDeleteItem(onDone: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: Deleting) =>
      api.delete(
        target.kind === 'expense'
          ? `/expense/${target.item.id}`
          : target.kind === 'mileage'
            ? `/mileage/${target.item.id}`
            : `/fileUpload/${target.item.id}`,
      ),
    onSuccess: async (_result, target) => {
      messages.success(
        target.kind === 'expense'
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

/** Expenses, mileage trips and receipts of a report; `editable` false hides every add, edit and delete. */
export function ReportSections({ report, editable }: { report: FullReport; editable: boolean }) {
  const [expenseDialog, setExpenseDialog] = useState<Expense | 'new' | null>(null);
  const [mileageDialog, setMileageDialog] = useState<Mileage | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Deleting | null>(null);
  const remove = useDeleteItem(() => setDeleting(null));

  return (
    <Stack spacing={2}>
      <ExpensesSection
        report={report}
        editable={editable}
        onAdd={() => setExpenseDialog('new')}
        onEdit={setExpenseDialog}
        onDelete={(item) => setDeleting({ kind: 'expense', item })}
      />
      <MileageSection
        report={report}
        editable={editable}
        onAdd={() => setMileageDialog('new')}
        onEdit={setMileageDialog}
        onDelete={(item) => setDeleting({ kind: 'mileage', item })}
      />
      <ReceiptsSection report={report} editable={editable} onDelete={(item) => setDeleting({ kind: 'file', item })} />
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
        busy={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {deleting?.kind === 'file'
          ? `“${deleting.item.filename}” will be removed from this report.`
          : deleting?.kind === 'mileage'
            ? `The trip of ${date(deleting.item.date)} (${money(deleting.item.total_cost)}) will be removed.`
            : deleting
              ? `The expense of ${date(deleting.item.date)} (${money(deleting.item.usd_amount)}) will be removed.`
              : ''}
      </ConfirmDialog>
    </Stack>
  );
}
