import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { api } from '../../api/client';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import type { ReportSummary } from './types';

/** The missionary's delete of a report not submitted yet: asked first, then sent. */
export function useDraftReportDelete() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [deleting, setDeleting] = useState<ReportSummary | null>(null);
  const remove = useMutation({
    mutationFn: (report: ReportSummary) => api.delete(`/expense-report/unsubmitted/${report.id}`),
    onSuccess: async () => {
      messages.success(MESSAGES.reportDeleted);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
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
