/** Wire shapes of the statements routes, inferred from their contract. */
export type {
  TStatement as StatementSummary,
  TTrend as Trend,
  TTrendPoint as TrendPointWire,
} from '../../../domain/reports/contract';
