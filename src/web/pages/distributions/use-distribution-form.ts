import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type Dispatch, type MutableRefObject, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { isIsoDate } from '../../../domain/dates';
import {
  type DistributionResult,
  distributionReadOnlyReason,
  isDistributionReadOnly,
  isStepValid,
  reviewFlags,
  type TransactionType,
} from '../../../domain/distributions';
import {
  contextFromWire,
  type DistributionContext,
  FORM_CHOICES,
  initialPayload,
} from '../../../domain/distributions/context';
import { distributionsContract } from '../../../domain/distributions/contract';
import { MESSAGES } from '../../../domain/messages';
import { isStaff } from '../../../domain/roles';
import { ApiError, call, withQuery } from '../../api/call';
import { keys } from '../../api/query-keys';
import { useCurrentUser } from '../../session/session';
import { useMessages } from '../../shell/messages';
import { EMPTY_FORM, type FormAction, type FormState, formReducer, payloadOf, stateFromSaved } from './form-state';
import { computePreview, type Preview } from './preview';
import { usePreselectUploads } from './use-undistributed';

/**
 * The Distribution Form's state and data, apart from its view (DistributionFormPage.tsx): the
 * choices (form-state.ts), the saved distribution and its context from the server, the engine's
 * preview of the result, and saving.
 */

export type OpenDialog =
  | { kind: 'donations' }
  | { kind: 'hold'; type: TransactionType }
  | { kind: 'reimbursements' }
  | { kind: 'advances' }
  | { kind: 'funds' }
  | null;

/**
 * GET /distribution-context for the form's choices. For a saved distribution the upload is always
 * sent, blank included (the server otherwise falls back to the saved upload).
 */
export function contextQuery(state: FormState, distributionId: number | null) {
  return {
    user_id: state.fieldWorker?.id,
    start_date: state.startDate,
    end_date: state.endDate,
    donation_upload_names:
      state.uploadNames.length > 0 || distributionId !== null ? JSON.stringify(state.uploadNames) : undefined,
    distribution_id: distributionId ?? undefined,
  };
}

const readyToLoad = (state: FormState) =>
  state.fieldWorker !== null &&
  isIsoDate(state.startDate) &&
  isIsoDate(state.endDate) &&
  state.endDate >= state.startDate;

/** An existing distribution: its user, range and upload go into the form once. */
function useSavedDistribution(id: number | null, dispatch: Dispatch<FormAction>, restored: MutableRefObject<boolean>) {
  const saved = useQuery({
    queryKey: keys.distributions.one(id),
    // GET /distribution/{id} also names who reversed it (the lists do not).
    queryFn: () => call(distributionsContract.getDistribution, { params: { id: id ?? '' } }),
    enabled: id !== null,
  });
  useEffect(() => {
    if (!saved.data || restored.current) return;
    const record = saved.data;
    dispatch({
      type: 'load',
      state: {
        ...EMPTY_FORM,
        fieldWorker: {
          id: record.user_id,
          name: record.user_name,
          missionary_number: record.missionary_number ?? null,
        },
        startDate: record.start_date,
        endDate: record.end_date,
        uploadNames: record.donation_upload_names ?? (record.donation_upload_name ? [record.donation_upload_name] : []),
      },
    });
  }, [saved.data, dispatch, restored]);
  return saved;
}

/**
 * The context of the chosen field worker, range and upload. The saved choices come back once, with
 * the context that holds them; a new distribution starts with what was approved beforehand, once
 * per field worker and upload.
 */
function useDistributionContext(
  query: ReturnType<typeof contextQuery>,
  enabled: boolean,
  dispatch: Dispatch<FormAction>,
  restored: MutableRefObject<boolean>,
) {
  const context = useQuery({
    queryKey: keys.distributions.context(withQuery('/distribution-context', query)),
    queryFn: async () => contextFromWire(await call(distributionsContract.distributionContext, { query })),
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const loaded: DistributionContext | undefined = enabled ? context.data : undefined;
  const defaultsFor = useRef<string | null>(null);
  useEffect(() => {
    if (!loaded) return;
    if (!restored.current && loaded.distribution) {
      restored.current = true;
      const fieldWorker = {
        id: loaded.user.id,
        name: loaded.user.name,
        missionary_number: loaded.user.missionaryNumber,
      };
      dispatch({ type: 'load', state: stateFromSaved(fieldWorker, loaded.distribution.payload) });
    }
    const key = `${loaded.user.id}|${loaded.donationUploadNames.join('\u0000')}|${loaded.endDate}`;
    const defaults =
      loaded.distribution === null && defaultsFor.current !== key ? initialPayload(loaded, FORM_CHOICES) : null;
    if (defaults) defaultsFor.current = key;
    dispatch({ type: 'context', context: loaded, defaults });
  }, [loaded, dispatch, restored]);
  return { context, loaded };
}

/** The engine's result for the current choices, and what it flags for a review. */
function useDistributionPreview(loaded: DistributionContext | undefined, state: FormState, enabled: boolean) {
  const preview: Preview | null = useMemo(
    () => (loaded ? computePreview(loaded, payloadOf(state)) : null),
    [loaded, state],
  );
  // While a new context loads the last computed result stays on screen (with a progress bar).
  const lastResult = useRef<DistributionResult | null>(null);
  if (preview?.kind === 'ok') lastResult.current = preview.result;
  if (!enabled) lastResult.current = null;
  const result = preview?.kind === 'ok' ? preview.result : preview?.kind === 'stale' ? lastResult.current : null;
  const flags = useMemo(
    () => (preview?.kind === 'ok' && loaded ? reviewFlags(preview.result.distribution, loaded.previous) : []),
    [preview, loaded],
  );
  return { preview, result, flags };
}

/** POST (new) or PATCH (saved) the choices; the comments come from their field's draft. */
function useSubmitDistribution(
  id: number | null,
  state: FormState,
  commentsDraft: MutableRefObject<string | null>,
  dispatch: Dispatch<FormAction>,
) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const messages = useMessages();
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string[]>>({});
  const submit = async () => {
    const comments = commentsDraft.current ?? state.comments;
    const payload = payloadOf({ ...state, comments });
    setSaving(true);
    setServerErrors({});
    try {
      if (id === null) await call(distributionsContract.createDistribution, { body: payload });
      else await call(distributionsContract.updateDistribution, { params: { id }, body: payload });
      messages.success(id === null ? MESSAGES.distributionSaved : MESSAGES.distributionUpdated);
      dispatch({ type: 'reset' });
      await queryClient.invalidateQueries({ queryKey: keys.distributions.all });
      navigate('/admin/distributions/pending');
    } catch (error) {
      messages.error(MESSAGES.distributionError);
      if (error instanceof ApiError) {
        setServerErrors(
          Object.keys(error.errors).length > 0 ? error.errors : { _: [error.message || MESSAGES.distributionError] },
        );
      }
    } finally {
      setSaving(false);
    }
  };
  return { saving, serverErrors, submit };
}

/** Everything the Distribution Form's view shows and does, for the distribution `id` (null: a new one). */
export function useDistributionForm(id: number | null) {
  const me = useCurrentUser();
  const [state, dispatch] = useReducer(formReducer, EMPTY_FORM);
  const [step, setStep] = useState(0);
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const commentsDraft = useRef<string | null>(null);
  const restored = useRef(false);

  const saved = useSavedDistribution(id, dispatch, restored);
  const enabled = readyToLoad(state) && (id === null || saved.isSuccess);
  const { context, loaded } = useDistributionContext(contextQuery(state, id), enabled, dispatch, restored);

  const status = saved.data?.status ?? loaded?.distribution?.status ?? null;
  const readOnly = isDistributionReadOnly(me.role, status);
  const readOnlyReason = distributionReadOnlyReason(me.role, status);
  const { preview, result, flags } = useDistributionPreview(loaded, state, enabled);
  const { saving, serverErrors, submit } = useSubmitDistribution(id, state, commentsDraft, dispatch);
  const undistributed = usePreselectUploads(state, dispatch, id === null && isStaff(me.role));

  const fieldErrors: Record<string, string | undefined> = {};
  const previewErrors = preview && (preview.kind === 'invalid' || preview.kind === 'refused') ? preview.errors : {};
  for (const [field, list] of Object.entries({ ...previewErrors, ...serverErrors })) fieldErrors[field] = list[0];

  const problem = (() => {
    if (enabled && context.isError) return context.error.message;
    if (preview?.kind === 'refused') return preview.message;
    if (preview?.kind === 'invalid' && step > 0) return preview.message;
    return null;
  })();

  const stepValid =
    isStepValid(step, { start_date: state.startDate, end_date: state.endDate }) &&
    (step !== 0 || (state.fieldWorker !== null && preview?.kind === 'ok'));

  return {
    id,
    state,
    dispatch,
    step,
    setStep,
    dialog,
    setDialog,
    commentsDraft,
    saved,
    enabled,
    context,
    loaded,
    status,
    readOnly,
    readOnlyReason,
    // Only an approved (or reversed) distribution has a statement (the server answers 409 otherwise).
    statementId: id !== null && (status === 'approved' || status === 'reversed') ? id : null,
    locked: id !== null || (readOnly && status !== null),
    result,
    flags,
    fieldErrors,
    problem,
    stepValid,
    /** The uploads still holding the field worker's undistributed donations (a new distribution). */
    undistributed: undistributed.data ?? [],
    canSubmit: !readOnly && preview?.kind === 'ok' && !saving && !context.isFetching,
    saving,
    serverErrors,
    submit,
  };
}

export type DistributionFormModel = ReturnType<typeof useDistributionForm>;
