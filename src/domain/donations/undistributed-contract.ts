import { z } from 'zod';
import { contracts, ZDollars } from '../contract';
import { optionalId } from '../fields';

/**
 * The uploads that still hold undistributed donations (docs/distribution.md "Several uploads in a
 * month"): what the MAT Day form preselects. With `user_id`, that missionary's; without, those of
 * every active missionary.
 */
export const ZUndistributedUploadSchema = z.object({
  upload_name: z.string(),
  /** How many donations no distribution holds yet, and their sum. */
  donations: z.number().int(),
  total_amount: ZDollars,
});
export type TUndistributedUpload = z.infer<typeof ZUndistributedUploadSchema>;

export const undistributedContract = contracts('Donations', {
  listUndistributedUploads: {
    method: 'GET',
    path: '/donation/undistributed',
    summary: 'The uploads that still hold donations no distribution has taken, with their count and sum (staff).',
    request: { query: z.object({ user_id: optionalId('Field worker') }) },
    responses: { 200: z.array(ZUndistributedUploadSchema) },
  },
});
