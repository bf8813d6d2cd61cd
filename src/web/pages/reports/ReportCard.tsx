import DownloadIcon from '@mui/icons-material/Download';
import {
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Typography,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import type { ReportFormat } from '../../../domain/reports/schemas';

/** One report of the page: its title, what it holds, and its fields and buttons. */
export function ReportCard({
  title,
  description,
  children,
}: {
  title: string;
  description: ReactNode;
  children: ReactNode;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, height: '100%' }}>
      <Typography variant="h2" sx={{ mb: 0.5 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
        {description}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

export function FormatChoice({ value, onChange }: { value: ReportFormat; onChange(next: ReportFormat): void }) {
  const id = useId();
  return (
    <FormControl>
      <FormLabel id={id} sx={{ typography: 'body2' }}>
        File type
      </FormLabel>
      <RadioGroup
        row
        aria-labelledby={id}
        value={value}
        onChange={(event) => onChange(event.target.value as ReportFormat)}
      >
        <FormControlLabel value="csv" control={<Radio size="small" />} label="CSV" />
        <FormControlLabel value="xlsx" control={<Radio size="small" />} label="Excel (.xlsx)" />
      </RadioGroup>
    </FormControl>
  );
}

/** A download button's icon: a spinner while its file comes, else its own icon. */
export function DownloadButtonIcon({ busy, idle = <DownloadIcon /> }: { busy: boolean; idle?: ReactNode }) {
  return busy ? <CircularProgress size={16} color="inherit" aria-hidden /> : idle;
}
