import { stringify } from 'csv-stringify/sync';
import { csvText, type ReportTable } from '../../domain/reports/table';

/**
 * CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark so Excel reads accented names): a header row
 * and one row per record, nothing else, so accounting packages can import it as it is. Totals are
 * in the Excel download. Text cells are escaped against formula injection; numbers are written as
 * plain numbers (`-12.34`), never escaped.
 */
export function writeCsv(table: ReportTable): Buffer {
  const text = stringify(
    [
      table.columns.map((column) => column.header),
      ...table.rows.map((row) => row.map((value, index) => csvText(table.columns[index], value))),
    ],
    { record_delimiter: '\r\n' },
  );
  return Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]);
}
