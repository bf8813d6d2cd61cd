import { useQuery } from '@tanstack/react-query';
import { type Dispatch, useEffect, useRef } from 'react';
import { undistributedContract } from '../../../domain/donations/undistributed-contract';
import { call } from '../../api/call';
import { keys } from '../../api/query-keys';
import type { FormAction, FormState } from './form-state';

/**
 * The uploads still holding undistributed donations — of one field worker, or (no id) of every
 * active one — from GET /donation/undistributed (staff only).
 */
export function useUndistributedUploads(userId: number | null | undefined, enabled: boolean) {
  return useQuery({
    queryKey: keys.donations.undistributed(userId ?? null),
    queryFn: () =>
      call(undistributedContract.listUndistributedUploads, {
        query: userId === null || userId === undefined ? undefined : { user_id: userId },
      }),
    enabled: enabled && userId !== undefined,
    staleTime: 0,
  });
}

/**
 * A new distribution starts with every upload that still holds the chosen field worker's
 * undistributed donations (docs/distribution.md "Several uploads in a month"): once per field
 * worker, and only when no upload was chosen by hand first. Their month fills blank dates.
 */
export function usePreselectUploads(state: FormState, dispatch: Dispatch<FormAction>, enabled: boolean) {
  const userId = state.fieldWorker?.id;
  const undistributed = useUndistributedUploads(userId, enabled && userId !== undefined);
  const preselectedFor = useRef<number | null>(null);
  const chosenByHand = state.uploadNames.length > 0;
  useEffect(() => {
    if (!enabled || userId === undefined || !undistributed.data || preselectedFor.current === userId) return;
    preselectedFor.current = userId;
    const names = undistributed.data.map((upload) => upload.upload_name);
    if (!chosenByHand && names.length > 0) dispatch({ type: 'upload', value: names });
  }, [enabled, userId, undistributed.data, chosenByHand, dispatch]);
  return undistributed;
}
