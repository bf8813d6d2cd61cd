import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { MESSAGES } from '../../../domain/messages';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { KEPT_ON_DEVICE } from '../../offline/outbox';
import { useOutbox } from '../../offline/WaitingToSend';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import type { FullReport } from './types';

/**
 * The draft's Finish Later (save) and Submit: a submit is refused here, with the reason, while it
 * cannot reach the server or lines still wait to be sent, then asked to confirm; the reason stays
 * until the report changes.
 */
export function useReportSubmission(report: FullReport, cashReturned?: string) {
  const me = useCurrentUser();
  const messages = useMessages();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const advance = report.type === 'advance';
  const waiting = useOutbox(me.id, report.id).filter((item) => !item.refused).length;
  // Submitting needs the server (it checks the whole report): offline, or with items still waiting
  // to be sent, it is refused here with the reason.
  const trySubmit = () => {
    if (!navigator.onLine)
      setProblem(
        'Submitting needs a connection. Your report is kept on this device; submit it when you are back online.',
      );
    else if (waiting > 0) setProblem(`Wait until the ${waiting} item(s) waiting to send have been sent, then submit.`);
    else setConfirming(true);
  };
  // A refused submit is explained until the report changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: updated_at is the change signal
  useEffect(() => setProblem(null), [report.updated_at]);

  const save = useMutation({
    networkMode: 'always',
    // Offline, or for a report not sent yet, everything is already kept on this device.
    mutationFn: async () =>
      report.id < 0 || !navigator.onLine
        ? 'kept'
        : call(expenseReportsContract.saveReport, {
            params: { id: report.id },
            body: cashReturned === undefined ? {} : { cash_returned: cashReturned || '0' },
            form: true,
          }).then(() => 'sent'),
    onSuccess: async (outcome) => {
      messages.success(outcome === 'kept' ? KEPT_ON_DEVICE : MESSAGES.reportSaved);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      navigate(`/dashboard/${me.id}`);
    },
    onError: (error) => messages.error(error.message || MESSAGES.somethingWentWrong),
  });
  const submit = useMutation({
    mutationFn: () =>
      call(expenseReportsContract.submitReport, {
        params: { id: report.id },
        body: advance ? { cash_returned: cashReturned || '0' } : {},
        form: true,
      }),
    onSuccess: async () => {
      setConfirming(false);
      messages.success(MESSAGES.reportSubmitted);
      await queryClient.invalidateQueries({ queryKey: keys.expenseReports.all });
      await queryClient.invalidateQueries({ queryKey: keys.advances.all });
      navigate(advance ? '/advance-request' : `/dashboard/${me.id}/true`);
    },
    onError: (error) => {
      setConfirming(false);
      const message = error instanceof ApiError ? error.message : MESSAGES.somethingWentWrong;
      setProblem(message);
      messages.error(message);
    },
  });

  return {
    problem,
    dismissProblem: () => setProblem(null),
    busy: save.isPending || submit.isPending,
    save: () => save.mutate(),
    trySubmit,
    confirming,
    cancelSubmit: () => setConfirming(false),
    submit: () => submit.mutate(),
    submitting: submit.isPending,
  };
}
