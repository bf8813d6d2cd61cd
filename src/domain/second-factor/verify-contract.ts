import { z } from 'zod';
import { contracts, ZTimestamp } from '../contract';
import { requiredText } from '../fields';

export const ZVerifySecondFactorRequestSchema = z.object({ code: requiredText('Code', 40) });
export const ZVerifiedSecondFactorSchema = z.object({ verified_at: ZTimestamp });

/**
 * Step-up: the freshness a reversal and a payment release ask for (docs/security.md "Fresh second
 * factor"). Its own module, so a screen that asks for it loads neither the distributions' contract
 * nor the payments' with it.
 */
export const secondFactorVerifyContract = contracts('Second factor', {
  verifySecondFactor: {
    method: 'POST',
    path: '/account/second-factor/verify',
    summary: 'Prove your second factor again in this session (a TOTP or recovery code), for a reversal or a release.',
    request: { body: ZVerifySecondFactorRequestSchema },
    responses: { 200: ZVerifiedSecondFactorSchema },
  },
});
