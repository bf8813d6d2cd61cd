import { Alert, AlertTitle, List, ListItem, ListItemText, Paper, Typography } from '@mui/material';
import { dateTime } from '../../format';
import type { FullReport, ReportEvent } from './types';

const ACTION_LABELS: Record<ReportEvent['action'], string> = {
  submitted: 'Submitted',
  returned: 'Returned',
  processed: 'Processed',
};

/** The report's history (decision 20): who submitted, returned or processed it, and when. */
export function ReportHistoryCard({ report }: { report: FullReport }) {
  if (report.events.length === 0) return null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2.5 } }} component="section" aria-labelledby="report-history">
      <Typography variant="h2" id="report-history" sx={{ fontSize: '1.1rem', mb: 1 }}>
        History
      </Typography>
      <List dense disablePadding>
        {report.events.map((event, index) => (
          <ListItem key={event.id ?? `derived-${index}`} disableGutters alignItems="flex-start">
            <ListItemText
              primary={`${ACTION_LABELS[event.action]}${event.actor_name ? ` by ${event.actor_name}` : ''} · ${dateTime(event.created_at)}`}
              secondary={event.comment}
              slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', color: 'text.primary' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Paper>
  );
}

/** What the office asked for, shown at the top of a returned report until it is submitted again. */
export function ReturnNotice({ report }: { report: FullReport }) {
  if (report.status !== 'returned' || !report.return_comment) return null;
  const returned = [...report.events].reverse().find((event) => event.action === 'returned');
  return (
    <Alert severity="warning" role="status">
      <AlertTitle>
        Returned{returned?.actor_name ? ` by ${returned.actor_name}` : ''}
        {returned ? ` on ${dateTime(returned.created_at)}` : ''}
      </AlertTitle>
      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{report.return_comment}</Typography>
      <Typography variant="body2" sx={{ mt: 1 }}>
        Make the changes, then submit the report again.
      </Typography>
    </Alert>
  );
}
