import { computeDistribution, distributionRequestSchema } from '../../../domain/distributions';
import { buildDistributionInput, contextFromWire } from '../../../domain/distributions/context';
import { computePreview } from './preview';
import { RUTH_CHOICES, ruthContext, ruthWire, usdCents } from './test-fixtures';

describe('the live preview', () => {
  it('is the engine result the server computes from the same context and payload', () => {
    // What the browser gets: the context as JSON, read back with contextFromWire.
    const context = contextFromWire(JSON.parse(JSON.stringify(ruthWire())));
    const preview = computePreview(context, RUTH_CHOICES);
    if (preview.kind !== 'ok') throw new Error(`expected a result, got ${preview.kind}`);
    // What the server does on save: its own context (never serialised) and the parsed body.
    const server = computeDistribution(
      buildDistributionInput(ruthContext(), distributionRequestSchema.parse(RUTH_CHOICES)),
    );
    expect(preview.result).toEqual(server);
    // docs/distribution.md's worked example.
    expect(preview.result.distribution.ending_balance).toBe(usdCents('93.26'));
    expect(preview.result.distribution.total_funds_disbursed).toBe(usdCents('4625.40'));
  });

  it('reports a typed amount that is not money under its field', () => {
    const preview = computePreview(ruthContext(), { ...RUTH_CHOICES, manual_ministry_advance: '12.345' });
    expect(preview.kind).toBe('invalid');
    if (preview.kind === 'invalid') expect(Object.keys(preview.errors)).toEqual(['manual_ministry_advance']);
  });

  it("shows the engine's refusal instead of figures", () => {
    const context = ruthContext();
    context.profile = { ...context.profile, retirementAmount: usdCents('5000.00') };
    const preview = computePreview(context, RUTH_CHOICES);
    expect(preview).toMatchObject({
      kind: 'refused',
      message: 'Retirement 403(b) cannot exceed net salary plus housing allowance.',
    });
  });

  it('waits for data loaded for other dates, user or upload', () => {
    expect(computePreview(ruthContext(), { ...RUTH_CHOICES, end_date: '2024-06-30' })).toEqual({ kind: 'stale' });
  });
});
