import { z } from 'zod';
import { optionalText } from '../fields';

/** Kept beside its only rule, not in MESSAGES: the phone's dashboard bundle carries MESSAGES whole. */
export const UPLOAD_NAME_NOT_FIRST = 'Donation upload must be the first of the donation uploads when both are sent.';

/**
 * A distribution takes the missionary's undistributed donations from one or more uploads
 * (docs/distribution.md "Several uploads in a month"). Requests name them in `donation_upload_names`
 * (a list); the older single `donation_upload_name` still works and is the first of the list. When
 * both are sent they must agree: the single name is the list's first (else 422), so a client that
 * edits one and forgets the other is told rather than guessed for. Blank names are dropped, a name
 * listed twice counts once, and an empty list (or a blank single name) means no donations.
 */

export const MAX_UPLOAD_NAMES = 100;

/** A list of upload names: an array, JSON text of one, one plain name, or blank (= none). */
export const uploadNamesField = z.preprocess((value) => {
  if (value === undefined) return undefined;
  if (value === null || value === '') return [];
  if (typeof value !== 'string') return value;
  if (!value.trim().startsWith('[')) return [value];
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}, z
  .array(optionalText('Donation upload'), { error: 'Donation uploads must be a list.' })
  .max(MAX_UPLOAD_NAMES, `At most ${MAX_UPLOAD_NAMES} donation uploads.`)
  .optional());

/**
 * the older single name: left out = not sent (undefined); null or blank = sent as "none" ('');
 * otherwise the trimmed name.
 */
const singleUploadName = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? '' : value),
  z.union([z.literal(''), optionalText('Donation upload')]),
);

/** The two request fields: the list and the older single name. */
export const uploadNameFields = {
  donation_upload_name: singleUploadName,
  donation_upload_names: uploadNamesField,
};

interface UploadNameInput {
  donation_upload_name?: string | undefined;
  donation_upload_names?: ReadonlyArray<string | undefined> | undefined;
}

/** The names in order, blanks dropped, each once; the single name alone is a list of one (or none). */
export function uploadNamesOf(input: UploadNameInput): string[] {
  const listed = input.donation_upload_names;
  if (listed === undefined) return input.donation_upload_name ? [input.donation_upload_name] : [];
  return [...new Set(listed.filter((name): name is string => name !== undefined))];
}

/**
 * The refinement both fields share: when both are sent, the single name must be the list's first
 * (a blank one: the list must be empty).
 */
export function checkUploadNames(input: UploadNameInput, ctx: z.RefinementCtx): void {
  if (input.donation_upload_name === undefined || input.donation_upload_names === undefined) return;
  const first = uploadNamesOf(input)[0] ?? '';
  if (first !== input.donation_upload_name) {
    ctx.addIssue({ code: 'custom', path: ['donation_upload_name'], message: UPLOAD_NAME_NOT_FIRST });
  }
}

/** The parsed request with both fields settled: the list, and the single name = its first. */
export function withUploadNames<T extends UploadNameInput>(
  input: T,
): Omit<T, 'donation_upload_name' | 'donation_upload_names'> & {
  donation_upload_name: string | undefined;
  donation_upload_names: string[];
} {
  const names = uploadNamesOf(input);
  return { ...input, donation_upload_name: names[0], donation_upload_names: names };
}

/** Two lists name the same uploads (order aside: the first is only what lists show). */
export function sameUploads(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((name) => set.has(name));
}
