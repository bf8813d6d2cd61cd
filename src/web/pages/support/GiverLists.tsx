import { Grid, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { date, money } from '../../format';
import type { Support } from './types';

/**
 * New givers (first gift this month) and givers who stopped (no gift this month nor last, after
 * giving in at least three of the six months before). Without names, each is "A giver".
 */
export function GiverLists({ support }: { support: Support }) {
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
          <Typography variant="h2">New givers this month ({support.new_givers.length})</Typography>
          <Typography variant="body2" color="text.secondary">
            Their first gift ever came this month.
          </Typography>
          {support.new_givers.length === 0 ? (
            <Typography sx={{ mt: 1 }}>No new givers this month.</Typography>
          ) : (
            <List dense aria-label="New givers this month">
              {support.new_givers.map((giver, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: without names a giver has no key of its own; the list is never reordered
                <ListItem key={index} disableGutters>
                  <ListItemText
                    primary={giver.name ?? 'A new giver'}
                    secondary={`${money(giver.amount_this_month)} this month, first on ${date(giver.first_gift_date)}`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
          <Typography variant="h2">Givers who stopped ({support.stopped_givers.length})</Typography>
          <Typography variant="body2" color="text.secondary">
            No gift this month nor last, after giving in at least three of the six months before.
          </Typography>
          {support.stopped_givers.length === 0 ? (
            <Typography sx={{ mt: 1 }}>Nobody who gave regularly has stopped.</Typography>
          ) : (
            <List dense aria-label="Givers who stopped">
              {support.stopped_givers.map((giver, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: without names a giver has no key of its own; the list is never reordered
                <ListItem key={index} disableGutters>
                  <ListItemText
                    primary={giver.name ?? 'A regular giver'}
                    secondary={`Gave in ${giver.months_given} of 6 months, last ${date(giver.last_gift_date)} (${money(giver.total)} in 24 months)`}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Grid>
    </Grid>
  );
}
