import { z } from 'zod';
import { contracts, fileResponse } from '../contract';

export const ZHealthResponseSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });

/** The organisation's words for its people and work (docs/product.md §1). */
export const ZTermsSchema = z.object({
  missionary: z.string(),
  missionaries: z.string(),
  ministry: z.string(),
  missionDetails: z.string(),
  ministering: z.string(),
});

export const ZSiteResponseSchema = z.object({ title: z.string(), terms: ZTermsSchema, favicon: z.string() });
export type TSite = z.infer<typeof ZSiteResponseSchema>;

export const systemContract = contracts('System', {
  health: {
    method: 'GET',
    path: '/health',
    summary: 'Liveness: 200 once the database answers.',
    request: {},
    responses: { 200: ZHealthResponseSchema },
  },
  systemWarnings: {
    method: 'GET',
    path: '/system/warnings',
    summary: 'What an admin must fix in the configuration (admin).',
    request: {},
    responses: { 200: z.object({ warnings: z.array(z.string()) }) },
  },
  site: {
    method: 'GET',
    path: '/site',
    summary: 'Title, terms and favicon address of this installation.',
    request: {},
    responses: { 200: ZSiteResponseSchema },
  },
  favicon: {
    method: 'GET',
    path: '/site/favicon',
    summary: 'The favicon of this installation.',
    request: {},
    responses: { 200: fileResponse('The icon.', 'image/svg+xml', 'image/png', 'image/x-icon') },
  },
});
