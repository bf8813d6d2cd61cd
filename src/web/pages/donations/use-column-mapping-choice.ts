import { useState } from 'react';
import { amountColumnsOf, type Mapping, mappingOf } from './ColumnMapping';
import type { ImportPreview } from './types';

/**
 * Decision 24 (docs/decisions.md): the column mapping and amount column chosen for this file, sent with it,
 * and whether the mapping step is open.
 */
export function useColumnMappingChoice() {
  const [mapping, setMapping] = useState<Mapping | null>(null);
  const [amountColumn, setAmountColumn] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  /** Whether the next upload sends the mapping: it does while the step is open. */
  const sent = mapping !== null && open;

  /** Opens the mapping step when the columns need it (or are not all known and no mapping was applied). */
  const afterPreview = (next: ImportPreview, sentMapping: boolean) => {
    const { columns } = next;
    const unknown = columns.unknown_headers.length > 0 && columns.mapping_id === null && !sentMapping;
    if (columns.mapping_needed || columns.amount_choice_needed || unknown) {
      setMapping((current) => (sentMapping && current ? current : mappingOf(next)));
      setAmountColumn((current) => current ?? columns.amount_column);
      setOpen(true);
    } else if (!sentMapping) {
      setOpen(false);
    }
  };

  /** The fields that go with the file: the mapping when sent, the amount column when it is a choice. */
  const fields = (): Record<string, string> => {
    const chosen: Record<string, string> = {};
    if (sent) chosen.columns = JSON.stringify(mapping);
    if (amountColumn && (!sent || amountColumnsOf(Object.keys(mapping ?? {}), mapping ?? {}).length > 1)) {
      chosen.amount_column = amountColumn;
    }
    return chosen;
  };

  /** "Edit column mapping": the step opens with what the preview recognised. */
  const edit = (preview: ImportPreview) => {
    setMapping(mappingOf(preview));
    setAmountColumn(preview.columns.amount_column);
    setOpen(true);
  };

  const reset = () => {
    setMapping(null);
    setAmountColumn(null);
    setOpen(false);
  };

  return {
    mapping,
    setMapping,
    amountColumn,
    setAmountColumn,
    open,
    sent,
    afterPreview,
    fields,
    edit,
    reset,
    close: () => setOpen(false),
  };
}

export type ColumnMappingChoice = ReturnType<typeof useColumnMappingChoice>;
