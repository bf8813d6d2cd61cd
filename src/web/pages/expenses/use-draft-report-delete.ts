import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DASHBOARD_MESSAGES } from '../../../domain/dashboard-messages';
import type { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { route } from '../../api/route';
import { useMessages } from '../../shell/messages';
import type { ReportSummary } from './types';

// On the missionary dashboard: the contract as a type only (src/web/api/route.ts says why).
const deleteDraft = route<typeof expenseReportsContract.deleteUnsubmittedReport>({
  method: 'DELETE',
  path: '/expense-report/unsubmitted/:id',
});

/** The missionary's delete of a report not submitted yet: asked first, then sent. */
export function useDraftReportDelete() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<ReportSummary | null>(null);
  const remove = useMutation({
    mutationFn: (report: ReportSummary) => call(deleteDraft, { params: { id: report.id } }),
    onSuccess: async () => {
      messages.success(DASHBOARD_MESSAGES.reportDeleted);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    },
    onError: (error) => messages.error(error.message || DASHBOARD_MESSAGES.somethingWentWrong),
    onSettled: () => setDeleting(null),
  });
  return {
    deleting,
    ask: setDeleting,
    cancel: () => setDeleting(null),
    confirm: () => {
      if (deleting) remove.mutate(deleting);
    },
    busy: remove.isPending,
  };
}
