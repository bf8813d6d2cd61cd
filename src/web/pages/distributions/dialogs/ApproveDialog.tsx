import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { unreviewedFlags } from '../../../../domain/distributions/review';
import { date } from '../../../format';
import type { DistributionRecord } from '../types';

export interface ApproveChoice {
  ids: number[];
  reviewed: Array<{ id: number; flags: string[] }>;
}

const tickKey = (id: number, code: string) => `${id}:${code}`;

/**
 * Approve Selected: an approval cannot be undone, so each flagged distribution lists its
 * flags and goes through only once every flag is ticked as reviewed; one left unticked is left out.
 * Unflagged ones go straight through. The server checks the same ticks and records who gave them.
 */
export function ApproveDialog(props: {
  rows: DistributionRecord[];
  busy: boolean;
  onClose(): void;
  onApprove(choice: ApproveChoice): void;
}) {
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set());
  const reviewedOf = (row: DistributionRecord) =>
    row.review_flags.filter((flag) => ticked.has(tickKey(row.id, flag.code))).map((flag) => flag.code);
  const flagged = props.rows.filter((row) => row.review_flags.length > 0);
  const included = props.rows.filter((row) => unreviewedFlags(row.review_flags, reviewedOf(row)).length === 0);
  const leftOut = props.rows.length - included.length;
  const toggle = (key: string) =>
    setTicked((current) => {
      const next = new Set(current);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const approve = () =>
    props.onApprove({
      ids: included.map((row) => row.id),
      reviewed: included
        .filter((row) => row.review_flags.length > 0)
        .map((row) => ({ id: row.id, flags: reviewedOf(row) })),
    });

  return (
    <Dialog open onClose={props.onClose} aria-labelledby="approve-title" maxWidth="sm" fullWidth>
      <DialogTitle id="approve-title">
        {`Approve ${included.length} distribution${included.length === 1 ? '' : 's'}?`}
      </DialogTitle>
      <DialogContent>
        <DialogContentText component="div">
          Their hold-account transactions are posted and the balances carried forward. An approved distribution can no
          longer be changed or deleted.
        </DialogContentText>
        {flagged.length > 0 && (
          <Box component="section" aria-labelledby="approve-flagged" sx={{ mt: 2 }}>
            <Typography id="approve-flagged" variant="subtitle1" component="h3">
              {flagged.length === 1 ? '1 distribution needs' : `${flagged.length} distributions need`} a look first
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              Tick each flag you have reviewed. A flagged distribution with a flag left unticked is left out.
            </Typography>
            {flagged.map((row) => (
              <Box key={row.id} sx={{ mb: 1.5 }}>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {row.user_name} — #{row.id}, {date(row.start_date)} – {date(row.end_date)}
                </Typography>
                <FormGroup>
                  {row.review_flags.map((flag) => (
                    <FormControlLabel
                      key={flag.code}
                      control={
                        <Checkbox
                          size="small"
                          checked={ticked.has(tickKey(row.id, flag.code))}
                          onChange={() => toggle(tickKey(row.id, flag.code))}
                        />
                      }
                      label={`Reviewed: ${flag.message}`}
                    />
                  ))}
                </FormGroup>
              </Box>
            ))}
          </Box>
        )}
        {leftOut > 0 && (
          <Typography variant="body2" role="status" sx={{ mt: 1 }}>
            {leftOut} of {props.rows.length} selected {leftOut === 1 ? 'is' : 'are'} left out until every flag is
            ticked.
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose}>Cancel</Button>
        <Button variant="contained" onClick={approve} disabled={props.busy || included.length === 0}>
          {included.length === props.rows.length ? 'Approve' : `Approve ${included.length}`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
