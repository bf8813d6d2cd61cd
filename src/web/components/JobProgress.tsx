import { Box, LinearProgress, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { progressContract, progressPercent, progressText, type TProgress } from '../../domain/progress/contract';
import { call } from '../api/call';

/** Polling interval of a running job's progress. */
const POLL_MS = 500;

/**
 * A new `progress_id` for long work (decision 18). crypto.randomUUID exists only on secure pages
 * (https or localhost); an office reaching the app over plain http on its network still gets a v4
 * UUID from getRandomValues.
 */
export function newProgressId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * Polls GET /progress/{job} while `job` is set, until the work has ended (done or failed: the last
 * record stays); null until the work has written its first record.
 */
export function useJobProgress(job: string | null): TProgress | null {
  const [progress, setProgress] = useState<TProgress | null>(null);
  useEffect(() => {
    setProgress(null);
    if (!job) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const next = await call(progressContract.getProgress, { params: { job } });
        if (!stopped) setProgress(next);
        if (next.status !== 'running') return;
      } catch {
        // 404 until the work has started; a lost poll is retried on the next turn.
      }
      if (!stopped) timer = setTimeout(poll, POLL_MS);
    };
    timer = setTimeout(poll, POLL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [job]);
  return progress;
}

/** A determinate bar with "Building 120 of 1,000: Ruth Okafor" under it (indeterminate until the first record). */
export function JobProgressBar(props: { progress: TProgress | null; label: string }) {
  const { progress } = props;
  return (
    <Box role="status" aria-live="polite">
      <LinearProgress
        aria-label={props.label}
        variant={progress ? 'determinate' : 'indeterminate'}
        value={progress ? progressPercent(progress) : undefined}
      />
      <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
        {progress ? progressText(progress) : 'Starting…'}
      </Typography>
    </Box>
  );
}
