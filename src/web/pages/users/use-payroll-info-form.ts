import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../domain/messages';
import { usersContract } from '../../../domain/users/contract';
import { MINISTER_FICA_MESSAGE } from '../../../domain/users/minister';
import { payrollInfoSchema } from '../../../domain/users/schemas';
import { isFicaExempt, type TaxStatus } from '../../../domain/users/tax-status';
import { call } from '../../api/call';
import type { User } from '../../api/types';
import { applyServerErrors, useSchemaForm } from '../../components/form';
import { useMessages } from '../../shell/messages';
import { payrollValuesOf } from './payroll-fields';

/**
 * Payroll Info's state: view or edit mode, the form, whether the tax status owes FICA, and Save, which
 * sends only the changed fields.
 */
export function usePayrollInfoForm(user: User, onSaved: (user: User) => void) {
  const messages = useMessages();
  const [editing, setEditing] = useState(false);
  const form = useSchemaForm(payrollInfoSchema, payrollValuesOf(user));
  // Decision 25 (docs/decisions.md): W2 Exempt and 1099 owe no FICA, so the box is off and cannot be ticked.
  // Decision 33: a minister pays self-employment tax, so no FICA whatever the tax status.
  const taxStatus = form.watch('tax_status');
  const minister = Boolean(form.watch('minister'));
  const noFica = minister || isFicaExempt((taxStatus || null) as TaxStatus | null);
  const noFicaReason = minister ? MINISTER_FICA_MESSAGE : MESSAGES.ficaOnlyW2;
  const ficaTicked = form.watch('fica_tax');
  useEffect(() => {
    if (editing && noFica && ficaTicked) form.setValue('fica_tax', false, { shouldDirty: true });
  }, [editing, noFica, ficaTicked, form]);

  const submit = form.handleSubmit(async (values) => {
    // Only what the admin changed is sent, so a balance moved meanwhile (a distribution approved in
    // another tab) is never written back with the value this form was opened with.
    const dirty = form.formState.dirtyFields as Partial<Record<string, boolean>>;
    const changed = Object.fromEntries(Object.entries(values).filter(([name]) => dirty[name]));
    if (Object.keys(changed).length === 0) {
      setEditing(false);
      return;
    }
    for (const flag of ['fica_tax', 'minister']) if (flag in changed) changed[flag] = changed[flag] ? '1' : '0';
    try {
      const saved = await call(usersContract.updateUserPost, { params: { id: user.id }, body: changed, form: true });
      messages.success(MESSAGES.userUpdated);
      form.reset(payrollValuesOf(saved));
      setEditing(false);
      onSaved(saved);
    } catch (error) {
      applyServerErrors(form, error);
      messages.error(MESSAGES.userUpdateFailed);
    }
  });

  const cancel = () => {
    form.reset(payrollValuesOf(user));
    setEditing(false);
  };

  return { form, editing, edit: () => setEditing(true), cancel, submit, noFica, noFicaReason };
}
