import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { MESSAGES } from '../../../domain/messages';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import type { ReportSummary } from './types';

export interface PendingReportAction {
  kind: 'delete' | 'archive';
  report: ReportSummary;
}

/**
 * An admin's delete (unprocessed) or archive (processed) of a report, from the lists or the report's
 * own page: asked first, then sent; `onDone` follows a success (the report's page goes back).
 */
export function useStaffReportAction(onDone?: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingReportAction | null>(null);
  const act = useMutation({
    mutationFn: ({ kind, report }: PendingReportAction) =>
      call(kind === 'delete' ? expenseReportsContract.deleteReport : expenseReportsContract.archiveReport, {
        params: { id: report.id },
      }),
    onSuccess: async (_result, { kind }) => {
      messages.success(kind === 'delete' ? MESSAGES.reportDeleted : MESSAGES.reportArchived);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      // An advance report's delete or archive changes its advance request too.
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
      onDone?.();
    },
    onError: (error, { kind }) =>
      messages.error(
        error.message || (kind === 'archive' ? MESSAGES.reportArchiveFailed : MESSAGES.somethingWentWrong),
      ),
    onSettled: () => setPending(null),
  });
  return {
    pending,
    ask: (kind: PendingReportAction['kind'], report: ReportSummary) => setPending({ kind, report }),
    cancel: () => setPending(null),
    confirm: () => {
      if (pending) act.mutate(pending);
    },
    busy: act.isPending,
  };
}

export type StaffReportAction = ReturnType<typeof useStaffReportAction>;
