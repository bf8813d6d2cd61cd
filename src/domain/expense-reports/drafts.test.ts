import { type DraftFacts, reusableDraft } from './drafts';

const draft = (changes: Partial<DraftFacts> & { id: number }): DraftFacts => ({
  type: 'reimbursement',
  submitted: false,
  archived: false,
  items: 0,
  files: 0,
  ...changes,
});

describe('reusableDraft', () => {
  it.each<[string, DraftFacts[], number | null]>([
    ['no reports: create one', [], null],
    ['an empty reimbursement draft is reused', [draft({ id: 4 })], 4],
    ['the newest of several empty drafts', [draft({ id: 4 }), draft({ id: 9 }), draft({ id: 7 })], 9],
    ['a draft with an expense is kept for the missionary, not reused', [draft({ id: 4, items: 1 })], null],
    ['a draft with only a receipt is not empty', [draft({ id: 4, files: 1 })], null],
    ['a submitted report is never reused', [draft({ id: 4, submitted: true })], null],
    ['an archived report is never reused', [draft({ id: 4, archived: true })], null],
    ['an empty advance report belongs to its advance request', [draft({ id: 4, type: 'advance' })], null],
    [
      'the empty one among others',
      [draft({ id: 2, items: 3 }), draft({ id: 5 }), draft({ id: 8, submitted: true })],
      5,
    ],
  ])('%s', (_name, reports, expected) => {
    expect(reusableDraft(reports)).toBe(expected);
  });
});
