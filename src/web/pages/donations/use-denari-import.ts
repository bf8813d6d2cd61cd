import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { keys } from '../../api/query-keys';
import { newProgressId, useJobProgress } from '../../components/JobProgress';
import { useMessages } from '../../shell/messages';
import type { ImportPreview, ImportResult } from './types';
import { UploadError, type UploadProgress, uploadWithProgress } from './upload';
import { useColumnMappingChoice } from './use-column-mapping-choice';

export type ImportErrors = { upload_name?: string; denari?: string };

/** The refused import's body is a preview too: its rows are shown the same way. */
function previewOf(error: unknown): ImportPreview | null {
  if (error instanceof UploadError && typeof error.body === 'object' && error.body !== null) {
    const body = error.body as Partial<ImportPreview>;
    if (body.preview === true && Array.isArray(body.problems)) return body as ImportPreview;
  }
  return null;
}

/**
 * The Denari import: the upload name and file, their messages, the upload's progress and the import's
 * on the server, then the preview (with the column mapping step) or the import's result.
 */
export function useDenariImport() {
  const messages = useMessages();
  const queryClient = useQueryClient();
  const mapping = useColumnMappingChoice();
  const [uploadName, setUploadName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<ImportErrors>({});
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [result, setResult] = useState<ImportResult | null>(null);
  // Decision 18: an import's progress on the server, polled until it has ended.
  const [job, setJob] = useState<string | null>(null);
  const jobProgress = useJobProgress(job);

  const showPreview = (next: ImportPreview, sentMapping: boolean) => {
    setPreview(next);
    mapping.afterPreview(next, sentMapping);
  };

  const validate = (): boolean => {
    const next: ImportErrors = {};
    if (uploadName.trim() === '') next.upload_name = MESSAGES.uploadNameRequired;
    if (!file) next.denari = MESSAGES.noFileChosen;
    setErrors(next);
    if (next.upload_name || next.denari) {
      messages.error(next.upload_name ?? next.denari ?? MESSAGES.somethingWentWrong);
      return false;
    }
    return true;
  };

  const imported = (answer: ImportResult) => {
    setResult(answer);
    setPreview(null);
    mapping.close();
    queryClient.invalidateQueries({ queryKey: keys.donations.columnMappings });
    messages.success(answer.message || MESSAGES.importPosted);
    queryClient.invalidateQueries({ queryKey: keys.donations.all });
    queryClient.invalidateQueries({ queryKey: keys.holdAccounts.all });
  };

  const send = async (mode: 'preview' | 'import') => {
    if (!validate() || !file) return;
    setResult(null);
    const sentMapping = mapping.sent;
    const progressId = mode === 'import' ? newProgressId() : null;
    setJob(progressId);
    try {
      const fields: Record<string, string | Blob> = { upload_name: uploadName.trim(), denari: file };
      if (mode === 'preview') fields.preview = '1';
      if (progressId) fields.progress_id = progressId;
      Object.assign(fields, mapping.fields());
      const answer = await uploadWithProgress<ImportPreview | ImportResult>(
        '/donation/denari-upload',
        fields,
        setProgress,
      );
      if (mode === 'preview') showPreview(answer as ImportPreview, sentMapping);
      else imported(answer as ImportResult);
    } catch (error) {
      const refused = previewOf(error);
      if (refused) showPreview(refused, sentMapping);
      if (error instanceof UploadError) {
        const fieldErrors = error.errors;
        setErrors({
          upload_name: fieldErrors.upload_name?.[0],
          denari: fieldErrors.denari?.[0] ?? fieldErrors.file?.[0] ?? fieldErrors.columns?.[0],
        });
      }
      messages.error(error instanceof Error ? error.message : MESSAGES.somethingWentWrong);
    } finally {
      setProgress(null);
    }
  };

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setJob(null);
    setPreview(null);
    setResult(null);
    mapping.reset();
    setErrors((current) => ({ ...current, denari: undefined }));
  };

  const nameUpload = (name: string) => {
    setUploadName(name);
    setErrors((current) => ({ ...current, upload_name: undefined }));
  };

  return { uploadName, nameUpload, file, chooseFile, errors, progress, jobProgress, preview, result, mapping, send };
}

export type DenariImport = ReturnType<typeof useDenariImport>;
