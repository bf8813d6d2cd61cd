import { PassThrough } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { sum, toDollars } from '../../domain/money';
import {
  accountingPresetsContract as api,
  type JournalQuery,
  type TJournalPreview,
} from '../../domain/reports/presets/contract';
import { type AccountTotal, addToTotals } from '../../domain/reports/presets/entries';
import { type AccountingMapping, unmappedKinds } from '../../domain/reports/presets/kinds';
import { LAYOUTS } from '../../domain/reports/presets/layouts';
import { startsNewPart } from '../../domain/reports/presets/xero';
import { ADMIN, STAFF } from '../../domain/roles';
import type { AppContext } from '../context';
import type { Tx } from '../db/client';
import { type AnyRoute, route } from '../http/routes';
import { recordAudit } from '../journal/journal';
import { loadMapping, saveMapping, settingsAnswer } from './accounting-settings';
import { presetEntries, writeFile, writeXero } from './write-journal';

/** Entries a preview shows before the download. */
const PREVIEW_ENTRIES = 5;

const TYPES = { csv: 'text/csv; charset=utf-8', iif: 'text/plain; charset=utf-8', zip: 'application/zip' } as const;

/**
 * Accounting presets (docs/reports.md "Accounting presets"): the mapping in settings (admin), the
 * journal of a range in a package's layout, streamed (staff), and its preview with totals per account.
 */
export function journalPresetRoutes(ctx: AppContext): AnyRoute[] {
  return [
    // Employees read the mapping (the exports they may download carry it anyway); only admins change it.
    route(api.getAccountingSettings, {
      access: STAFF,
      handler: async () => settingsAnswer(await loadMapping(ctx.db)),
    }),
    route(api.putAccountingSettings, {
      access: ADMIN,
      handler: async (request) => {
        const mapping = request.body;
        await ctx.db.transaction(async (tx) => {
          await saveMapping(tx, mapping, ctx.clock.now());
          await recordAudit(tx, {
            actorId: request.user.id,
            action: 'update',
            entityType: 'accounting_settings',
            details: mapping,
          });
        });
        return settingsAnswer(await loadMapping(ctx.db));
      },
    }),
    route(api.journalPreview, {
      access: STAFF,
      handler: async (request) => {
        const mapping = await loadMapping(ctx.db);
        return ctx.db.transaction((tx) => preview(tx, request.query, mapping));
      },
    }),
    route(api.journal, {
      access: STAFF,
      queryToken: true,
      handler: async (request, reply) => {
        const mapping = await loadMapping(ctx.db);
        try {
          await ctx.db.transaction((tx) => download(tx, request.query, mapping, reply));
        } catch (error) {
          if (!reply.sent) throw error;
          // The file has begun: all that can be done is to cut it short, so it never imports.
          request.raw.log.error({ err: error }, 'journal export failed while streaming');
          reply.raw.destroy();
        }
        return reply;
      },
    }),
  ];
}

/** Starts the streamed answer and gives the function that writes to it, waiting while the client catches up. */
function begin(reply: FastifyReply, type: keyof typeof TYPES, filename: string, mapping: AccountingMapping) {
  const stream = new PassThrough();
  reply
    .header('content-type', TYPES[type])
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'no-store, private')
    .header('x-unmapped-accounts', unmappedKinds(mapping).join(',') || 'none')
    .send(stream);
  const write = async (chunk: Buffer) => {
    if (stream.destroyed) throw new Error('The download was cancelled.');
    if (stream.write(chunk)) return;
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
    });
  };
  return { write, end: () => stream.end() };
}

async function download(tx: Tx, query: JournalQuery, mapping: AccountingMapping, reply: FastifyReply) {
  const layout = LAYOUTS[query.format];
  const base = `journal_${query.format}_${query.from}_to_${query.to}`;
  const entries = presetEntries(tx, query, mapping);
  let end = () => {};
  if (query.format === 'xero') {
    await writeXero(
      layout,
      mapping,
      entries,
      (answer) => {
        const started = begin(reply, answer.kind, `${base}.${answer.kind}`, mapping);
        end = started.end;
        return started.write;
      },
      (index) => `${base}_part${String(index).padStart(2, '0')}.csv`,
    );
  } else {
    const started = begin(reply, layout.extension, `${base}.${layout.extension}`, mapping);
    end = started.end;
    await writeFile(layout, mapping, entries, started.write);
  }
  end();
}

async function preview(tx: Tx, query: JournalQuery, mapping: AccountingMapping): Promise<TJournalPreview> {
  const layout = LAYOUTS[query.format];
  const rows: string[][] = [];
  const totals = new Map<string, AccountTotal>();
  let [shown, entryCount, lineCount, files, partLines] = [0, 0, 0, 1, 0];
  for await (const entry of presetEntries(tx, query, mapping)) {
    entryCount += 1;
    lineCount += entry.lines.length;
    addToTotals(totals, entry);
    if (shown < PREVIEW_ENTRIES) {
      rows.push(...layout.rows(entry, mapping));
      shown += 1;
    }
    if (query.format === 'xero' && startsNewPart(partLines, entry.lines.length)) {
      files += 1;
      partLines = 0;
    }
    partLines += entry.lines.length;
  }
  const sorted = [...totals.values()].sort(
    (a, b) => a.number.localeCompare(b.number, 'en', { numeric: true }) || a.name.localeCompare(b.name),
  );
  return {
    format: query.format,
    from: query.from,
    to: query.to,
    header: layout.header(mapping),
    rows,
    entries_shown: shown,
    entry_count: entryCount,
    line_count: lineCount,
    files,
    totals: sorted.map((t) => ({
      kind: t.kind,
      number: t.number,
      name: t.name,
      debit: toDollars(t.debit),
      credit: toDollars(t.credit),
    })),
    total_debit: toDollars(sum(sorted.map((t) => t.debit))),
    total_credit: toDollars(sum(sorted.map((t) => t.credit))),
    unmapped: unmappedKinds(mapping),
    dimension: mapping.dimension,
  };
}
