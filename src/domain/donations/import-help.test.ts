import { COLUMN_ROLES, planColumns, roleOfHeader } from './columns';
import { readDonationTable } from './import-file';
import {
  IGNORED_HEADERS,
  IMPORT_COLUMN_HELP,
  IMPORT_TEMPLATE_COLUMNS,
  importTemplateTable,
  neededColumnsSentence,
} from './import-help';

describe('import help', () => {
  it('lists every column meaning but ignore, once', () => {
    expect(IMPORT_COLUMN_HELP.map((entry) => entry.role).sort()).toEqual(
      COLUMN_ROLES.filter((role) => role !== 'ignore').sort(),
    );
  });

  it.each(IMPORT_COLUMN_HELP.map((entry) => [entry.label, entry] as const))(
    '%s: every header it lists is read as that column',
    (_label, entry) => {
      expect(entry.headers.length).toBeGreaterThan(0);
      for (const header of entry.headers) expect(roleOfHeader(header), header).toBe(entry.role);
    },
  );

  it('lists the ignored headers as ones the import knows and leaves unread', () => {
    for (const header of IGNORED_HEADERS) expect(roleOfHeader(header), header).toBe('ignore');
  });

  it('says which columns a file needs, from the entries', () => {
    expect(neededColumnsSentence()).toBe(
      'The file needs an Amount column and a Fund / designation, Account # or Missionary column; the other columns ' +
        'are optional. Headers are read by name: case, spaces and _ - . : do not matter, and the columns may come in any order.',
    );
  });
});

describe('import template', () => {
  const headers = importTemplateTable().columns.map((column) => column.header);

  it('is read by name, without a mapping, each header as the column it stands for', () => {
    const plan = planColumns(headers);
    expect(plan.errors).toEqual([]);
    expect(plan.unknown).toEqual([]);
    expect(plan.mappingNeeded).toBe(false);
    expect(plan.columns.map((column) => [column.header, column.role, column.source])).toEqual(
      IMPORT_TEMPLATE_COLUMNS.map((column) => [column.header, column.role, 'name']),
    );
  });

  it('has no rows: the header alone is a file with no donation rows', () => {
    expect(importTemplateTable().rows).toEqual([]);
    expect(readDonationTable([{ rowNumber: 1, cells: headers }]).errors).toEqual([
      'The file has a header row but no donation rows.',
    ]);
  });

  it('filled in, reads every row', () => {
    const file = readDonationTable([
      { rowNumber: 1, cells: headers },
      { rowNumber: 2, cells: ['Personal Support', '1001', '', '1,250.00', '3'] },
      { rowNumber: 3, cells: ['Car Fund', '', '', '(25.00)', '1'] },
    ]);
    expect(file.errors).toEqual([]);
    expect(file.rows.map((row) => [row.fund, row.accountNumber, row.amount, row.count, row.problems])).toEqual([
      ['Personal Support', '1001', 125000, 3, []],
      ['Car Fund', null, -2500, 1, []],
    ]);
  });
});
