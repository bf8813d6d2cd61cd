import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { categoriesContract } from '../../../domain/categories/contract';
import { exchangeRatesContract } from '../../../domain/exchange-rates/contract';
import { expenseReportsContract } from '../../../domain/expense-reports/contract';
import { parseDecimal } from '../../../domain/money';
import { settingsContract } from '../../../domain/settings/contract';
import { DEFAULT_SETTINGS } from '../../../domain/settings/settings';
import { ApiError, call } from '../../api/call';
import { queryKeyOf } from '../../api/contract-keys';
import { keys } from '../../api/query-keys';
import { withOfflineCopy } from '../../offline/cached-read';
import { EXCHANGE_RATES_KEPT, keptReportKey } from '../../offline/kept-copy';
import { getToken } from '../../session/token-store';

export function useReport(id: string | number | undefined) {
  return useQuery({
    queryKey: keys.expenseReports.one(id),
    // Offline, the copy kept on this device answers (withOfflineCopy); the query must still run.
    networkMode: 'always',
    queryFn: () =>
      withOfflineCopy(keptReportKey(id ?? ''), () =>
        call(expenseReportsContract.getReport, { params: { id: id ?? '' } }),
      ),
    enabled: id !== undefined,
  });
}

export function useCategories() {
  return useQuery({
    queryKey: keys.categories.all,
    // Offline, the copy kept on this device answers (withOfflineCopy); the query must still run.
    networkMode: 'always',
    queryFn: () => withOfflineCopy('categories', () => call(categoriesContract.listCategories)),
  });
}

export function useHoldAccountChoices(userId: number | undefined) {
  return useQuery({
    queryKey: keys.expenseReports.holdAccountChoices(userId),
    // Offline, the copy kept on this device answers (withOfflineCopy); the query must still run.
    networkMode: 'always',
    queryFn: () =>
      withOfflineCopy(`hold-accounts-${userId}`, () =>
        call(expenseReportsContract.holdAccountChoices, { params: { id: userId ?? '' } }),
      ),
    enabled: userId !== undefined,
  });
}

/**
 * The office's monthly exchange rates (decision 37), for the expense form's suggestion. Offline the
 * copy kept on this device answers: the last rates known.
 */
export function useExchangeRates() {
  return useQuery({
    queryKey: queryKeyOf(exchangeRatesContract.listExchangeRates),
    networkMode: 'always',
    queryFn: () => withOfflineCopy(EXCHANGE_RATES_KEPT, () => call(exchangeRatesContract.listExchangeRates)),
  });
}

/** The mileage_reimbursement setting ($ per mile) for the live cost preview; the server prices for real. */
export function useMileageRate() {
  const query = useQuery({
    queryKey: keys.settings,
    // Offline, the copy kept on this device answers (withOfflineCopy); the query must still run.
    networkMode: 'always',
    queryFn: () => withOfflineCopy('settings', () => call(settingsContract.listSettings)),
  });
  const text =
    query.data?.find((setting) => setting.setting_name === 'mileage_reimbursement')?.setting_value ??
    DEFAULT_SETTINGS.mileage_reimbursement;
  return parseDecimal(text) ?? parseDecimal(DEFAULT_SETTINGS.mileage_reimbursement)!;
}

/**
 * A receipt as an object URL: files are served only through the authorised API route, which needs
 * the api-token header, so <img src> cannot load them directly.
 */
export function useFileObjectUrl(fileUrl: string | null) {
  // A receipt still waiting on this device is an object URL already (offline/pending-rows.ts).
  const local = fileUrl?.startsWith('blob:') ? fileUrl : null;
  const query = useQuery({
    queryKey: keys.expenseReports.receiptFile(fileUrl),
    enabled: Boolean(fileUrl) && !local,
    staleTime: Number.POSITIVE_INFINITY,
    queryFn: async () => {
      const token = getToken();
      const response = await fetch(fileUrl!, { headers: token ? { 'api-token': token } : {} });
      if (!response.ok) {
        const body = await response.json().catch(() => ({ message: 'The file could not be loaded.' }));
        throw new ApiError(response.status, body);
      }
      return response.blob();
    },
  });
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!query.data) return;
    const objectUrl = URL.createObjectURL(query.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [query.data]);
  if (local) return { url: local, isError: false, error: null, isPending: false };
  return { url, isError: query.isError, error: query.error, isPending: query.isPending };
}

/** Saves a receipt to the device under its served name (the API route needs the api-token header). */
export async function downloadReceipt(file: { file_url: string; filename: string }): Promise<void> {
  const token = getToken();
  const response = await fetch(file.file_url, { headers: token ? { 'api-token': token } : {} });
  if (!response.ok) throw new ApiError(response.status, { message: 'The file could not be downloaded.' });
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = file.filename;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the bytes once the click's task is done.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
