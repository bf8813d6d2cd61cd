/**
 * ISO 4217 currencies a missionary may spend in (decision 22, docs/decisions.md): active codes with their
 * English names, USD first. An expense without a currency is USD when its rate is 1, else unknown.
 */
export const CURRENCIES: ReadonlyArray<readonly [code: string, name: string]> = [
  ['USD', 'US Dollar'],
  ['AED', 'UAE Dirham'],
  ['AFN', 'Afghani'],
  ['ALL', 'Lek'],
  ['AMD', 'Armenian Dram'],
  ['AOA', 'Kwanza'],
  ['ARS', 'Argentine Peso'],
  ['AUD', 'Australian Dollar'],
  ['AZN', 'Azerbaijan Manat'],
  ['BAM', 'Convertible Mark'],
  ['BDT', 'Taka'],
  ['BGN', 'Bulgarian Lev'],
  ['BHD', 'Bahraini Dinar'],
  ['BIF', 'Burundi Franc'],
  ['BOB', 'Boliviano'],
  ['BRL', 'Brazilian Real'],
  ['BWP', 'Pula'],
  ['BYN', 'Belarusian Ruble'],
  ['BZD', 'Belize Dollar'],
  ['CAD', 'Canadian Dollar'],
  ['CDF', 'Congolese Franc'],
  ['CHF', 'Swiss Franc'],
  ['CLP', 'Chilean Peso'],
  ['CNY', 'Yuan Renminbi'],
  ['COP', 'Colombian Peso'],
  ['CRC', 'Costa Rican Colon'],
  ['CZK', 'Czech Koruna'],
  ['DJF', 'Djibouti Franc'],
  ['DKK', 'Danish Krone'],
  ['DOP', 'Dominican Peso'],
  ['DZD', 'Algerian Dinar'],
  ['EGP', 'Egyptian Pound'],
  ['ETB', 'Ethiopian Birr'],
  ['EUR', 'Euro'],
  ['FJD', 'Fiji Dollar'],
  ['GBP', 'Pound Sterling'],
  ['GEL', 'Lari'],
  ['GHS', 'Ghana Cedi'],
  ['GMD', 'Dalasi'],
  ['GNF', 'Guinean Franc'],
  ['GTQ', 'Quetzal'],
  ['HKD', 'Hong Kong Dollar'],
  ['HNL', 'Lempira'],
  ['HTG', 'Gourde'],
  ['HUF', 'Forint'],
  ['IDR', 'Rupiah'],
  ['ILS', 'New Israeli Sheqel'],
  ['INR', 'Indian Rupee'],
  ['IQD', 'Iraqi Dinar'],
  ['ISK', 'Iceland Krona'],
  ['JMD', 'Jamaican Dollar'],
  ['JOD', 'Jordanian Dinar'],
  ['JPY', 'Yen'],
  ['KES', 'Kenyan Shilling'],
  ['KGS', 'Som'],
  ['KHR', 'Riel'],
  ['KRW', 'Won'],
  ['KWD', 'Kuwaiti Dinar'],
  ['KZT', 'Tenge'],
  ['LAK', 'Lao Kip'],
  ['LBP', 'Lebanese Pound'],
  ['LKR', 'Sri Lanka Rupee'],
  ['LRD', 'Liberian Dollar'],
  ['LSL', 'Loti'],
  ['MAD', 'Moroccan Dirham'],
  ['MDL', 'Moldovan Leu'],
  ['MGA', 'Malagasy Ariary'],
  ['MKD', 'Denar'],
  ['MMK', 'Kyat'],
  ['MNT', 'Tugrik'],
  ['MUR', 'Mauritius Rupee'],
  ['MWK', 'Malawi Kwacha'],
  ['MXN', 'Mexican Peso'],
  ['MYR', 'Malaysian Ringgit'],
  ['MZN', 'Mozambique Metical'],
  ['NAD', 'Namibia Dollar'],
  ['NGN', 'Naira'],
  ['NIO', 'Cordoba Oro'],
  ['NOK', 'Norwegian Krone'],
  ['NPR', 'Nepalese Rupee'],
  ['NZD', 'New Zealand Dollar'],
  ['OMR', 'Rial Omani'],
  ['PAB', 'Balboa'],
  ['PEN', 'Sol'],
  ['PGK', 'Kina'],
  ['PHP', 'Philippine Peso'],
  ['PKR', 'Pakistan Rupee'],
  ['PLN', 'Zloty'],
  ['PYG', 'Guarani'],
  ['QAR', 'Qatari Rial'],
  ['RON', 'Romanian Leu'],
  ['RSD', 'Serbian Dinar'],
  ['RUB', 'Russian Ruble'],
  ['RWF', 'Rwanda Franc'],
  ['SAR', 'Saudi Riyal'],
  ['SBD', 'Solomon Islands Dollar'],
  ['SCR', 'Seychelles Rupee'],
  ['SDG', 'Sudanese Pound'],
  ['SEK', 'Swedish Krona'],
  ['SGD', 'Singapore Dollar'],
  ['SLE', 'Leone'],
  ['SOS', 'Somali Shilling'],
  ['SSP', 'South Sudanese Pound'],
  ['SZL', 'Lilangeni'],
  ['THB', 'Baht'],
  ['TJS', 'Somoni'],
  ['TND', 'Tunisian Dinar'],
  ['TOP', 'Pa’anga'],
  ['TRY', 'Turkish Lira'],
  ['TTD', 'Trinidad and Tobago Dollar'],
  ['TWD', 'New Taiwan Dollar'],
  ['TZS', 'Tanzanian Shilling'],
  ['UAH', 'Hryvnia'],
  ['UGX', 'Uganda Shilling'],
  ['UYU', 'Peso Uruguayo'],
  ['UZS', 'Uzbekistan Sum'],
  ['VES', 'Bolívar Soberano'],
  ['VND', 'Dong'],
  ['VUV', 'Vatu'],
  ['WST', 'Tala'],
  ['XAF', 'CFA Franc BEAC'],
  ['XCD', 'East Caribbean Dollar'],
  ['XOF', 'CFA Franc BCEAO'],
  ['XPF', 'CFP Franc'],
  ['YER', 'Yemeni Rial'],
  ['ZAR', 'Rand'],
  ['ZMW', 'Zambian Kwacha'],
  ['ZWG', 'Zimbabwe Gold'],
];

export const CURRENCY_CODES: ReadonlySet<string> = new Set(CURRENCIES.map(([code]) => code));

/** What the screens show for an expense whose currency is not known (sent without one, rate ≠ 1). */
export const UNKNOWN_CURRENCY = '—';

/**
 * Decision 22: the currency an expense is stored with. Given, it is kept (USD only at rate 1);
 * left out, it is USD when the rate is 1 and unknown (null) otherwise. Returns an error text for
 * USD at another rate.
 */
export function resolveCurrency(
  given: string | undefined,
  rateIsOne: boolean,
): { currency: string | null } | { error: string } {
  if (given === undefined) return { currency: rateIsOne ? 'USD' : null };
  if (given === 'USD' && !rateIsOne) return { error: 'A USD expense has an exchange rate of 1.' };
  return { currency: given };
}

/** The missionary's currencies in picker order: the last used first, then USD, then the rest A–Z. */
export function currencyChoices(lastUsed: string | null | undefined): string[] {
  const codes = CURRENCIES.map(([code]) => code);
  if (!lastUsed || !CURRENCY_CODES.has(lastUsed)) return codes;
  return [lastUsed, ...codes.filter((code) => code !== lastUsed)];
}

export function currencyName(code: string): string | undefined {
  return CURRENCIES.find(([candidate]) => candidate === code)?.[1];
}
