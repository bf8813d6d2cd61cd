import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { RETURN_COMMENT_MAX } from '../../../domain/expense-reports/schemas';
import { ApiError, call } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useMessages } from '../../shell/messages';
import type { FullReport } from './types';

export const REPORT_RETURNED_MESSAGE = 'The report was returned to the missionary.';

/** Return (decision 20): the report goes back to its missionary with a required comment saying why. */
export function ReturnReportDialog({ report, onClose }: { report: FullReport; onClose(): void }) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);

  const send = useMutation({
    mutationFn: () =>
      call(expenseReportsContract.returnReport, { params: { id: report.id }, body: { comment }, form: true }),
    onSuccess: async (returned) => {
      messages.success(REPORT_RETURNED_MESSAGE);
      queryClient.setQueryData(keys.expenseReports.one(report.id), returned);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: keys.expenseReports.all }),
        queryClient.invalidateQueries({ queryKey: keys.advances.all }),
      ]);
      onClose();
    },
    onError: (failure) => {
      const message =
        failure instanceof ApiError ? (failure.errors.comment?.[0] ?? failure.message) : 'Something went wrong.';
      setError(message);
      messages.error(message);
    },
  });

  const submit = () => {
    if (comment.trim() === '') {
      setError('Comment is required.');
      return;
    }
    send.mutate();
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="return-title">
      <DialogTitle id="return-title">Return report #{report.id}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>
          {report.user_name} can change the report again and will see your comment. It comes back to the unprocessed
          list when they submit it again.
        </DialogContentText>
        <TextField
          id="comment"
          label="Comment"
          placeholder="The taxi receipt is missing."
          value={comment}
          onChange={(event) => {
            setComment(event.target.value);
            setError(null);
          }}
          multiline
          minRows={3}
          fullWidth
          required
          autoFocus
          error={error !== null}
          helperText={error ?? 'What should the missionary fix or add?'}
          slotProps={{ htmlInput: { maxLength: RETURN_COMMENT_MAX } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button variant="contained" onClick={submit} disabled={send.isPending}>
          Return Report
        </Button>
      </DialogActions>
    </Dialog>
  );
}
