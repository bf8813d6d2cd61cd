import fc from 'fast-check';
import { fromDollars } from '../../../domain/money';
import { accountsOf, always, amount, command, fail, pick, user } from './command';
import { call, dollars, type Model, type Real } from './world';

/** Hold-account transactions, archive and delete attempts, donation imports and fund-balance edits. */

const holdTransaction = fc
  .record({ which: fc.nat(), type: fc.constantFrom('Deposit', 'Transfer', 'Withdrawal'), amount })
  .map(({ which, type, amount: typed }) =>
    command(
      `holdTransaction(${which}, ${type}, ${typed})`,
      (model) => model.hold.size > 0,
      async (model, real) => {
        const id = pick(accountsOf(model), which);
        const owner = model.holdOwner.get(id)!;
        const cents = fromDollars(typed);
        const balance = model.hold.get(id)!;
        const answer = await call(real, 'POST', `/api/hold-account/${id}/transaction`, {
          token: real.admin.token,
          json: { transaction_type: type, transaction_amount: String(typed) },
        });
        const overdraws = type !== 'Deposit' && cents > balance;
        const expected = model.archived.has(id) ? 409 : overdraws ? 422 : 201;
        if (answer.status !== expected) fail(`${type} of ${typed} answered ${answer.status}, not ${expected}`);
        if (answer.status !== 201) return;
        const holdDelta = type === 'Deposit' ? cents : -cents;
        const fundDelta = type === 'Deposit' ? -cents : type === 'Transfer' ? cents : 0;
        model.hold.set(id, balance + holdDelta);
        model.fund.set(owner, model.fund.get(owner)! + fundDelta);
        model.manual.push({ id: answer.body.id, holdAccountId: id, type, amount: cents });
      },
    ),
  );

const deleteTransaction = fc.nat().map((which) =>
  command(
    `deleteTransaction(${which})`,
    (model) => model.manual.length > 0,
    async (model, real) => {
      const target = pick(model.manual, which);
      const answer = await call(real, 'DELETE', `/api/hold-account-transaction/${target.id}`, {
        token: real.admin.token,
      });
      if (answer.status !== 200) return;
      model.manual = model.manual.filter((m) => m !== target);
      const owner = model.holdOwner.get(target.holdAccountId)!;
      const holdDelta = target.type === 'Deposit' ? -target.amount : target.amount;
      const fundDelta = target.type === 'Deposit' ? target.amount : target.type === 'Transfer' ? -target.amount : 0;
      model.hold.set(target.holdAccountId, model.hold.get(target.holdAccountId)! + holdDelta);
      model.fund.set(owner, model.fund.get(owner)! + fundDelta);
    },
  ),
);

/** Archive (or restore) and delete attempts: a hold account with money in it must refuse both (decision 15). */
const retireAccount = fc.record({ which: fc.nat(), remove: fc.boolean() }).map(({ which, remove }) =>
  command(
    `${remove ? 'delete' : 'archive'}HoldAccount(${which})`,
    (model) => model.hold.size > 0,
    async (model, real) => {
      const id = pick(accountsOf(model), which);
      const before = await call(real, 'GET', `/api/hold-account/${id}`, { token: real.admin.token });
      const holdsMoney = before.body.balance !== 0 || before.body.unreimbursed_amount !== 0;
      const answer = remove
        ? await call(real, 'DELETE', `/api/hold-account/${id}`, { token: real.admin.token })
        : await call(real, 'GET', `/api/hold-account/${id}/archive`, { token: real.admin.token });
      const restoring = !remove && model.archived.has(id);
      if (answer.status === 200 && holdsMoney && !restoring) {
        fail(`hold account #${id} holding ${before.body.balance} was ${remove ? 'deleted' : 'archived'}`);
      }
      if (answer.status !== 200) return;
      if (remove) {
        model.hold.delete(id);
        model.holdOwner.delete(id);
        model.archived.delete(id);
      } else if (restoring) model.archived.delete(id);
      else model.archived.add(id);
    },
  ),
);

const donationRows = fc.array(fc.record({ who: fc.nat(), designated: fc.boolean(), amount }), {
  minLength: 1,
  maxLength: 4,
});

/** A new donor file; donations move no balance until a distribution counts them. */
const importFile = donationRows.map((rows) =>
  command(
    `import(${rows.map((r) => `${r.amount}${r.designated ? 'd' : ''}`).join(',')})`,
    always,
    async (model, real) => {
      const lines = rows.map((row) => {
        const owner = user(real, row.who);
        const fund = accountsOf(model).find((id) => model.holdOwner.get(id) === owner.id && !model.archived.has(id));
        return row.designated && fund !== undefined
          ? `Fund ${real.missionaries.indexOf(owner) + 1},,${row.amount},1`
          : `,${owner.missionaryNumber},${row.amount},1`;
      });
      // Each file differs from the earlier ones by a first row of its own (a gift of one cent more each time).
      lines.unshift(`,${user(real, 0).missionaryNumber},${dollars(model.uploads.length + 1)},1`);
      const name = `Upload ${model.uploads.length + 1}`;
      const answer = await upload(real, name, ['Fund,Account #,Amount,Count', ...lines].join('\n'));
      if (answer.status !== 201) fail(`import answered ${answer.status}: ${JSON.stringify(answer.body)}`);
      model.uploads.push({ name, rows: lines });
      model.donations += lines.length;
    },
  ),
);

/** The same rows saved again (CRLF line endings, a trailing newline): the same file, refused (decision 12). */
const reimport = fc
  .record({ which: fc.nat(), crlf: fc.boolean(), newline: fc.boolean() })
  .map(({ which, crlf, newline }) =>
    command(
      `reimport(${which}${crlf ? ', CRLF' : ''}${newline ? ', trailing newline' : ''})`,
      (model) => model.uploads.length > 0,
      async (model, real) => {
        const earlier = pick(model.uploads, which);
        const text =
          ['Fund,Account #,Amount,Count', ...earlier.rows].join(crlf ? '\r\n' : '\n') + (newline ? '\n' : '');
        const answer = await upload(real, `${earlier.name} again ${model.steps}`, text);
        if (answer.status !== 409) fail(`a re-saved copy of ${earlier.name} answered ${answer.status}, not 409`);
      },
    ),
  );

function upload(real: Real, name: string, text: string) {
  return call(real, 'POST', '/api/donation/denari-upload', {
    token: real.admin.token,
    multipart: { upload_name: name, denari: { content: Buffer.from(text), filename: 'gifts.csv' } },
  });
}

const editFund = fc
  .record({ who: fc.nat(), amount: fc.integer({ min: -500, max: 3000 }) })
  .map(({ who, amount: typed }) =>
    command(`editFund(${who}, ${typed})`, always, async (model, real) => {
      const owner = user(real, who);
      const answer = await call(real, 'POST', `/api/user/${owner.id}`, {
        token: real.admin.token,
        json: { fund_balance: dollars(fromDollars(typed)) },
      });
      if (answer.status !== 200) fail(`fund edit answered ${answer.status}`);
      model.fund.set(owner.id, fromDollars(typed));
    }),
  );

export const accountCommands = [holdTransaction, deleteTransaction, retireAccount, importFile, reimport, editFund];

export type { Model };
