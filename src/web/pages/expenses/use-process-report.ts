import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type PayoutResult, resolvePayout } from '../../../domain/expense-reports/calculations';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { MESSAGES } from '../../../domain/messages';
import { fromDollars, parseDollars, toDecimalString } from '../../../domain/money';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import { usePayoutPreview } from './payout-preview';
import type { FullReport } from './types';

type Payout = Extract<PayoutResult, { ok: true }>;

/**
 * Processing a report: a reimbursement sends the payout and the unreimbursed total it leaves, an
 * advance report nothing. The report, the advance, the owner's balances and the hold accounts change.
 */
export function useProcessReport(report: FullReport, onClose: () => void, onFailed?: (error: Error) => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const advance = report.type === 'advance';
  return useMutation({
    mutationFn: (payout: Payout | null) =>
      call(expenseReportsContract.processReport, {
        params: { id: report.id },
        body:
          advance || payout === null
            ? {}
            : { payout: toDecimalString(payout.payout), new_unreimbursed_total: toDecimalString(payout.unreimbursed) },
        form: true,
      }),
    onSuccess: async (processed) => {
      messages.success(advance ? MESSAGES.advanceProcessed : MESSAGES.reportProcessed);
      queryClient.setQueryData(keys.expenseReports.one(report.id), processed);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.expenseReports.all }),
        queryClient.invalidateQueries({ queryKey: keys.advances.all }),
        queryClient.invalidateQueries({ queryKey: keys.users.all }),
        queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all }),
      ]);
      onClose();
    },
    onError: (error) => {
      onFailed?.(error);
      messages.error(MESSAGES.reportProcessFailed);
    },
  });
}

/**
 * The reimbursement's two steps: the payout typed (checked against what is due and what the hold
 * accounts hold), then its confirmation in words; a refusal from the server goes back to the payout.
 */
export function useReimbursement(report: FullReport, onClose: () => void) {
  const due = fromDollars(report.unreimbursed_amount);
  const [payoutText, setPayoutText] = useState(toDecimalString(due));
  const [step, setStep] = useState<'enter' | 'confirm'>('enter');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const payout = parseDollars(payoutText);
  const result = payout === null ? null : resolvePayout(due, { payout });
  const preview = usePayoutPreview(report);
  const process = useProcessReport(report, onClose, (error) => {
    setStep('enter');
    if (error instanceof ApiError) setFieldError(Object.values(error.errors)[0]?.[0] ?? error.message);
  });

  const setPayout = (text: string) => {
    setPayoutText(text);
    setFieldError(null);
  };

  const toConfirm = () => {
    if (payout === null) {
      setFieldError(
        payoutText.trim() === '' ? 'Payout is required.' : 'Payout must be a dollar amount with at most 2 decimals.',
      );
      return;
    }
    if (result && !result.ok) {
      setFieldError(result.message);
      return;
    }
    // A hold account never goes below zero (the fund may): say the most that can be paid now.
    const problem = result?.ok ? preview.problem(result.payout) : null;
    if (problem) {
      setFieldError(problem);
      return;
    }
    setFieldError(null);
    setStep('confirm');
  };

  return {
    due,
    payoutText,
    setPayout,
    fieldError,
    result,
    preview,
    step,
    toConfirm,
    back: () => setStep('enter'),
    pay: () => process.mutate(result?.ok ? result : null),
    paying: process.isPending,
  };
}
