import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { paymentsContract, type TPaymentBatch, type TPaymentLine } from '../../../domain/payments/contract';
import { call } from '../../api/call';
import { featureKeyOf, queryKeyOf } from '../../api/contract-keys';
import { money } from '../../format';
import { useMessages } from '../../shell/messages';

/** A line action the admin confirms first: clear its hold (or prenote), or leave it out. */
export type LineAction = { kind: 'clear' | 'leave-out'; line: TPaymentLine };

/** The draft's changes: each answers the batch as it now is, which replaces the one on screen. */
export function useBatchActions(batchId: number, onSettled: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const key = queryKeyOf(paymentsContract.getBatch, { params: { id: batchId } });
  const refresh = async (batch: TPaymentBatch) => {
    queryClient.setQueryData(key, batch);
    await queryClient.invalidateQueries({ queryKey: featureKeyOf(paymentsContract.listBatches), refetchType: 'none' });
  };
  const line = useMutation({
    mutationFn: ({ kind, line }: LineAction) => {
      const params = { id: batchId, line_id: line.id };
      return kind === 'clear'
        ? call(paymentsContract.clearLine, { params })
        : call(paymentsContract.leaveOutLine, { params });
    },
    onSuccess: async (batch, { kind, line }) => {
      await refresh(batch);
      messages.success(
        kind === 'clear'
          ? `Cleared ${line.user_name}'s line.`
          : `Left ${line.user_name}'s line of ${money(line.amount)} out: it goes to a later batch.`,
      );
    },
    onError: (error) => messages.error(error.message),
    onSettled,
  });
  const discard = useMutation({
    mutationFn: () => call(paymentsContract.deleteBatch, { params: { id: batchId } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: featureKeyOf(paymentsContract.listBatches) });
      messages.success(`Discarded batch #${batchId}: its distributions and payouts are free for another batch.`);
      navigate('/admin/payments');
    },
    onError: (error) => messages.error(error.message),
    onSettled,
  });
  return { line, discard, refresh };
}
