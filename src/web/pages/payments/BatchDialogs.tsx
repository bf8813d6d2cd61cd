import type { TPaymentBatch, TPaymentLine } from '../../../domain/payments/contract';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { money } from '../../format';
import { owedTotal } from './batch-summary';
import { ReleaseDialog } from './ReleaseDialog';
import { ReturnDialog } from './ReturnDialog';
import type { LineAction, useBatchActions } from './use-batch-actions';

/** The dialog open on the batch page, if any. */
export type OpenDialog =
  | LineAction
  | { kind: 'discard' }
  | { kind: 'release' }
  | { kind: 'return'; line: TPaymentLine }
  | null;

/** What confirming a line action does, in money. */
function lineQuestion(action: LineAction): { title: string; text: string; label: string } {
  const { line } = action;
  if (action.kind === 'leave-out')
    return {
      title: `Leave ${line.user_name}'s line out?`,
      text: `${money(line.amount)} is not paid by this batch; it goes to a later batch.`,
      label: 'Leave out',
    };
  if (line.status === 'prenote')
    return {
      title: `Pay ${line.user_name} without a prenote?`,
      text: `${money(line.amount)} is paid to ${line.masked_account ?? 'the account'} at release, with no $0.00 test first. Do this only when the account is proven (a voided check, a bank letter).`,
      label: `Pay ${money(line.amount)} now`,
    };
  return {
    title: `Clear ${line.user_name}'s hold?`,
    text: `You have checked the new bank details (${line.masked_account ?? 'no account'}) with ${line.user_name}, for example by phone. A new ACH account gets a $0.00 prenote first.`,
    label: 'Clear hold',
  };
}

/** The batch page's confirmations: each says in money what its action does before it is done. */
export function BatchDialogs(props: {
  batch: TPaymentBatch;
  open: OpenDialog;
  actions: ReturnType<typeof useBatchActions>;
  onClose(): void;
}) {
  const { batch, open, actions, onClose } = props;
  const question = open && (open.kind === 'clear' || open.kind === 'leave-out') ? lineQuestion(open) : null;
  return (
    <>
      {open && (open.kind === 'clear' || open.kind === 'leave-out') && question && (
        <ConfirmDialog
          open
          title={question.title}
          confirmLabel={question.label}
          busy={actions.line.isPending}
          onConfirm={() => actions.line.mutate(open)}
          onClose={onClose}
        >
          {question.text}
        </ConfirmDialog>
      )}
      <ConfirmDialog
        open={open?.kind === 'discard'}
        title={`Discard draft batch #${batch.id}?`}
        confirmLabel="Discard draft"
        destructive
        busy={actions.discard.isPending}
        onConfirm={() => actions.discard.mutate()}
        onClose={onClose}
      >
        Nothing is paid. Its {batch.lines.length} lines ({owedTotal(batch)}) go back to be paid by a later batch.
      </ConfirmDialog>
      {open?.kind === 'release' && (
        <ReleaseDialog
          batch={batch}
          onClose={onClose}
          onReleased={async (released) => {
            await actions.refresh(released);
            onClose();
          }}
        />
      )}
      {open?.kind === 'return' && (
        <ReturnDialog
          batchId={batch.id}
          line={open.line}
          onClose={onClose}
          onRecorded={async (next) => {
            await actions.refresh(next);
            onClose();
          }}
        />
      )}
    </>
  );
}
