import { Alert, Button, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type TAdvanceToReview, yearEndContract } from '../../../domain/year-end/contract';
import { call } from '../../api/call';
import { featureKeyOf } from '../../api/contract-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { date, money } from '../../format';
import { useMessages } from '../../shell/messages';

/**
 * Advances paid and still open on their 120th day (docs/tax.md, "Advances not accounted for in 120
 * days"): each may be confirmed as wages, after a dialog that says the amount and where it goes.
 * There is no undo, so the dialog says that too.
 */
export function AdvancesToReview({ year, advances }: { year: number; advances: TAdvanceToReview[] }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<TAdvanceToReview | null>(null);
  const confirm = useMutation({
    mutationFn: (advance: TAdvanceToReview) =>
      call(yearEndContract.confirmWages, { params: { id: advance.advance_id }, body: { amount: advance.amount } }),
    onSuccess: (answer) => {
      messages.success(`${money(answer.amount)} confirmed as ${answer.year} wages.`);
      queryClient.invalidateQueries({ queryKey: featureKeyOf(yearEndContract.yearEnd) });
    },
    onError: (error) => messages.error(error.message),
    onSettled: () => setConfirming(null),
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby="advances-review-title">
      <CardContent>
        <Typography id="advances-review-title" variant="h6" component="h2">
          Advances not accounted for in 120 days
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          An advance neither substantiated nor returned within 120 days of payment is wages (accountable plan rules).
          Confirmed amounts join box 1.
        </Typography>
        {advances.length === 0 ? (
          <Alert severity="success">No advance of {year} is open past its 120 days.</Alert>
        ) : (
          <List dense disablePadding aria-label="Advances to review">
            {advances.map((advance) => (
              <ListItem
                key={advance.advance_id}
                disableGutters
                divider
                secondaryAction={
                  advance.confirmed_amount === null ? (
                    <Button size="small" variant="outlined" onClick={() => setConfirming(advance)}>
                      Confirm as wages
                    </Button>
                  ) : undefined
                }
                sx={{ pr: advance.confirmed_amount === null ? 20 : 0 }}
              >
                <ListItemText
                  primary={`${advance.user_name}: ${money(advance.amount)} (advance #${advance.advance_id})`}
                  secondary={
                    advance.confirmed_amount === null
                      ? `Paid ${date(advance.paid_on)}, due ${date(advance.due_on)}`
                      : `Paid ${date(advance.paid_on)}; ${money(advance.confirmed_amount)} confirmed as wages`
                  }
                />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirming !== null}
        title="Confirm as wages?"
        confirmLabel={confirming ? `Confirm ${money(confirming.amount)}` : 'Confirm'}
        busy={confirm.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && confirm.mutate(confirming)}
      >
        {confirming &&
          `${money(confirming.amount)} of advance #${confirming.advance_id}, paid to ${confirming.user_name} on ${date(confirming.paid_on)}, becomes taxable wages: it is added to box 1 of ${confirming.user_name}'s figures for the year its 120th day falls in. This cannot be undone here.`}
      </ConfirmDialog>
    </Card>
  );
}
