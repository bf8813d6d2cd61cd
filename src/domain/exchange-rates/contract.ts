import { z } from 'zod';
import { contracts } from '../contract';
import { importExchangeRatesSchema, putExchangeRatesSchema } from './rates';

/** One kept rate: units of `currency` one US dollar buys in `month` (decision 37). */
export const ZExchangeRateSchema = z
  .object({ month: z.string(), currency: z.string(), rate: z.number() })
  .meta({ id: 'ExchangeRate' });
export type TExchangeRate = z.infer<typeof ZExchangeRateSchema>;

export const exchangeRatesContract = contracts('Exchange rates', {
  listExchangeRates: {
    method: 'GET',
    path: '/exchange-rates',
    summary: 'Every kept monthly exchange rate, newest month first (anyone signed in).',
    request: {},
    responses: { 200: z.array(ZExchangeRateSchema) },
  },
  putExchangeRates: {
    method: 'PUT',
    path: '/exchange-rates',
    summary: 'Keep monthly rates (admin): {rates: [{month, currency, rate}]}, rate = units per US$1.',
    request: { body: putExchangeRatesSchema },
    responses: { 200: z.array(ZExchangeRateSchema) },
  },
  importExchangeRates: {
    method: 'POST',
    path: '/exchange-rates/import',
    summary:
      'Import rates from CSV text (admin): header month,currency,rate; any bad row answers 422 naming it ("row 3") and keeps nothing.',
    request: { body: importExchangeRatesSchema },
    responses: { 200: z.array(ZExchangeRateSchema) },
  },
});
