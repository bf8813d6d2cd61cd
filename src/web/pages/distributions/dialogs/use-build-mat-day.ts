import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { ResponseOf } from '../../../../domain/contract';
import { isIsoDate } from '../../../../domain/dates';
import { distributionsContract } from '../../../../domain/distributions/contract';
import { donationsContract } from '../../../../domain/donations/contract';
import { datesAfterUploadsChange } from '../../../../domain/donations/upload-month';
import { MESSAGES } from '../../../../domain/messages';
import { ApiError, call } from '../../../api/call';
import { keys } from '../../../api/query-keys';
import { newProgressId, useJobProgress } from '../../../components/JobProgress';
import { useMessages } from '../../../shell/messages';
import { useUndistributedUploads } from '../use-undistributed';

/** What POST /batch-distributions answers, from its contract. */
export type BatchResult = ResponseOf<typeof distributionsContract.batchDistributions>;

/** The build request and its state: busy with its progress, then the outcome or the failure. */
function useBuild(onAnswered: () => void) {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<BatchResult | null>(null);
  // Decision 18: the build's progress, polled while it runs.
  const [job, setJob] = useState<string | null>(null);
  const progress = useJobProgress(job);

  const build = async (range: { start: string; end: string; uploads: string[] }) => {
    const progressId = newProgressId();
    setBusy(true);
    setJob(progressId);
    setFailure(null);
    try {
      const result = await call(distributionsContract.batchDistributions, {
        body: {
          start_date: range.start,
          end_date: range.end,
          donation_upload_names: range.uploads,
          progress_id: progressId,
        },
      });
      messages.success(result.message);
      await queryClient.invalidateQueries({ queryKey: keys.distributions.all });
      setOutcome(result);
    } catch (error) {
      if (error instanceof ApiError) {
        setErrors(error.errors);
        setFailure(error.message);
      } else setFailure(MESSAGES.somethingWentWrong);
      messages.error(MESSAGES.distributionError);
    } finally {
      onAnswered();
      setBusy(false);
      setJob(null);
    }
  };
  return { build, busy, errors, failure, outcome, progress };
}

/**
 * The MAT Day build's form: the date range and uploads chosen (with the uploads to choose from), the
 * confirmation step, then the build itself. Every upload still holding undistributed donations of
 * any active missionary is preselected once (docs/distribution.md "Several uploads in a month"),
 * unless uploads were chosen first; an upload naming a month fills the dates as the form does.
 */
export function useBuildMatDay() {
  const [dates, setDates] = useState({ start: '', end: '' });
  const [uploads, setUploadList] = useState<string[]>([]);
  const [confirming, setConfirming] = useState(false);
  const { build: send, ...request } = useBuild(() => setConfirming(false));
  const uploadNames = useQuery({
    queryKey: keys.donations.uploadNames,
    queryFn: () => call(donationsContract.listUploadNames),
  });
  const undistributed = useUndistributedUploads(null, true);
  const setUploads = (names: string[]) => {
    setDates((current) => datesAfterUploadsChange(uploads, names, current));
    setUploadList(names);
  };
  const preselected = useRef(false);
  useEffect(() => {
    if (preselected.current || !undistributed.data) return;
    preselected.current = true;
    const names = undistributed.data.map((upload) => upload.upload_name);
    if (uploads.length > 0 || names.length === 0) return;
    setDates((current) => datesAfterUploadsChange([], names, current));
    setUploadList(names);
  }, [undistributed.data, uploads.length]);
  const { start, end } = dates;
  const reversed = isIsoDate(start) && isIsoDate(end) && end < start;
  const ready = isIsoDate(start) && isIsoDate(end) && !reversed;
  const build = () => send({ start, end, uploads });

  return {
    ...request,
    range: { start, end, uploads },
    setStart: (value: string) => setDates((current) => ({ ...current, start: value })),
    setEnd: (value: string) => setDates((current) => ({ ...current, end: value })),
    setUploads,
    uploads: uploadNames.data ?? [],
    undistributed: undistributed.data ?? [],
    reversed,
    ready,
    confirming,
    setConfirming,
    build,
  };
}

export type BuildMatDayState = ReturnType<typeof useBuildMatDay>;
