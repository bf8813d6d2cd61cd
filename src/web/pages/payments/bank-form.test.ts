import type { TBankDetailsView } from '../../../domain/payments/contract';
import { bankDetailsBody, bankDetailsSummary, bankFormDefaults } from './bank-form';

const wire: TBankDetailsView = {
  payout_method: 'wire',
  bank_routing_number: null,
  bank_account_number: null,
  bank_account_type: null,
  beneficiary_name: 'Zoë Weiß',
  bank_country: 'DE',
  bank_currency: 'EUR',
  iban: '••••3000',
  bic: 'DEUTDEFF',
  bank_name: 'Deutsche Bank',
  changed_at: '2026-11-01T10:00:00.000Z',
  held_reason: 'Bank details changed since the last payment.',
};

describe('bank details form', () => {
  it('starts with the names and codes but never a masked number, which must be typed again', () => {
    const values = bankFormDefaults(wire);
    expect(values).toMatchObject({ payout_method: 'wire', beneficiary_name: 'Zoë Weiß', bic: 'DEUTDEFF', iban: '' });
    expect(bankFormDefaults(undefined).payout_method).toBe('none');
  });

  it("sends the chosen method's fields as typed and clears the others", () => {
    const values = {
      ...bankFormDefaults(wire),
      payout_method: 'ach' as const,
      bank_routing_number: ' 011000015 ',
      bank_account_number: '123456789',
      bank_account_type: 'checking',
    };
    expect(bankDetailsBody(values)).toEqual({
      payout_method: 'ach',
      bank_routing_number: '011000015',
      bank_account_number: '123456789',
      bank_account_type: 'checking',
      beneficiary_name: null,
      bank_country: null,
      bank_currency: null,
      iban: null,
      bic: null,
      bank_name: null,
    });
  });

  it('sends a blank field of the method as cleared, so the server names it as missing', () => {
    const body = bankDetailsBody({ ...bankFormDefaults(wire), bank_account_number: '' });
    expect(body.iban).toBeNull();
    expect(body.bic).toBe('DEUTDEFF');
  });

  it('summarises only the fields of the current method, masked as sent', () => {
    expect(bankDetailsSummary(wire)).toContainEqual(['IBAN', '••••3000']);
    expect(bankDetailsSummary(wire).map(([label]) => label)).not.toContain('Routing number');
  });
});
