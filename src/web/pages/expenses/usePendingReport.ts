import { useEffect, useMemo, useState } from 'react';
import { type PendingMarks, withPending } from '../../offline/pending-rows';
import type { OutboxItem } from '../../offline/queue';
import { useOutbox } from '../../offline/WaitingToSend';
import { useCurrentUser } from '../../session/session';
import { useCategories, useHoldAccountChoices, useMileageRate } from './queries';
import type { FullReport } from './types';

/** Object URLs of the receipts waiting on this device, revoked when they are sent or discarded. */
function useWaitingFileUrls(items: readonly OutboxItem[]): ReadonlyMap<number, string> {
  const files = items.filter((item) => item.file);
  const seqs = files.map((item) => item.seq).join(',');
  const [urls, setUrls] = useState<ReadonlyMap<number, string>>(new Map());
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list of waiting receipts is the change signal
  useEffect(() => {
    const made = new Map(files.map((item) => [item.seq!, URL.createObjectURL(item.file!)]));
    setUrls(made);
    return () => {
      for (const url of made.values()) URL.revokeObjectURL(url);
    };
  }, [seqs]);
  return urls;
}

/**
 * The report with what waits on this device applied (offline/pending-rows.ts), and the marks that
 * say which rows wait. View-only screens show the server's report as it is.
 */
export function usePendingReport(report: FullReport, editable: boolean): { report: FullReport; marks: PendingMarks } {
  const me = useCurrentUser();
  const items = useOutbox(me.id, editable ? report.id : undefined, !editable);
  const categories = useCategories();
  const holdAccounts = useHoldAccountChoices(editable ? report.user_id : undefined);
  const rate = useMileageRate();
  // A new object on each render; the memo below follows its value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: value and scale are the rate
  const ratePerMile = useMemo(() => rate, [rate.value, rate.scale]);
  const urls = useWaitingFileUrls(items);
  return useMemo(
    () =>
      editable
        ? withPending(report, items, {
            categories: categories.data,
            holdAccounts: holdAccounts.data,
            ratePerMile,
            fileUrl: (item) => urls.get(item.seq!) ?? '',
          })
        : { report, marks: new Map() },
    [editable, report, items, categories.data, holdAccounts.data, ratePerMile, urls],
  );
}
