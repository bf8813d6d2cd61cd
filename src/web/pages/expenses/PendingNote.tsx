import { Typography } from '@mui/material';
import type { PendingMark, PendingMarks } from '../../offline/pending-rows';

/** Under a row that waits on this device: "Waiting to send", or that the server refused it. */
export function PendingNote({ mark }: { mark: PendingMark | undefined }) {
  if (!mark) return null;
  return (
    <Typography component="span" variant="caption" sx={{ display: 'block', fontWeight: 600, color: 'text.secondary' }}>
      {mark.refused ? 'Not sent — see the message above' : mark.text}
    </Typography>
  );
}

export const markOf = (marks: PendingMarks | undefined, kind: string, id: number) => marks?.get(`${kind}:${id}`);
