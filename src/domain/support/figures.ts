import type { IsoDate } from '../dates';
import { type Cents, sum } from '../money';

/** Months shown on the support page: this month and the 23 before it (decision 36, docs/decisions.md). */
export const SUPPORT_MONTHS = 24;
/** A giver who stopped: no gift in this month and the one before… */
const QUIET_MONTHS = 2;
/** …after giving in at least three of the six months before those two. */
const LOOKBACK_MONTHS = 6;
const MIN_MONTHS_GIVEN = 3;

/** `YYYY-MM`. */
export type Month = string;

/**
 * One gift as the support page needs it: who (the donor key), when, how much, designated or not. A
 * gift with no donor key (no donor ID nor name in the file) counts in the amounts, never as a giver.
 */
export interface SupportGift {
  donorKey: string | null;
  donorName: string | null;
  date: IsoDate;
  amount: Cents;
  designated: boolean;
}

export interface SupportMonth {
  month: Month;
  total: Cents;
  designated: Cents;
  general: Cents;
  givers: number;
  /** Givers whose first gift ever is in this month. */
  newGivers: number;
  /** Givers who stopped as of this month (the rule above holds now and did not a month earlier). */
  stoppedGivers: number;
}

export interface SupportGiver {
  donorKey: string;
  donorName: string | null;
  /** Their gifts in the shown months. */
  total: Cents;
  gifts: number;
  firstGiftDate: IsoDate;
  lastGiftDate: IsoDate;
}

export interface SupportFigures {
  months: SupportMonth[];
  total: Cents;
  designated: Cents;
  general: Cents;
  /** First gift ever in the current month; amount = their gifts this month. */
  newGivers: (SupportGiver & { amountThisMonth: Cents })[];
  /** No gift this month nor last, after giving in ≥ 3 of the 6 months before; months = how many of those 6. */
  stoppedGivers: (SupportGiver & { monthsGiven: number })[];
  /** Everyone who gave in the shown months, largest total first (the thank-you list). */
  givers: SupportGiver[];
}

export function monthOf(date: IsoDate): Month {
  return date.slice(0, 7);
}

/** The month `offset` months after `month` (negative: before). */
export function addMonths(month: Month, offset: number): Month {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (mon - 1) + offset;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** The months a donor gave in, from all their gifts (ever, so "first gift" means first ever). */
function monthsByDonor(gifts: readonly SupportGift[]): Map<string, Set<Month>> {
  const byDonor = new Map<string, Set<Month>>();
  for (const gift of gifts) {
    if (gift.donorKey === null) continue;
    const months = byDonor.get(gift.donorKey) ?? new Set<Month>();
    months.add(monthOf(gift.date));
    byDonor.set(gift.donorKey, months);
  }
  return byDonor;
}

/** How many of the six months before the quiet two the donor gave in, when they have stopped as of `month`. */
function stoppedAsOf(months: ReadonlySet<Month>, month: Month): number | null {
  for (let back = 0; back < QUIET_MONTHS; back++) if (months.has(addMonths(month, -back))) return null;
  let given = 0;
  for (let back = QUIET_MONTHS; back < QUIET_MONTHS + LOOKBACK_MONTHS; back++) {
    if (months.has(addMonths(month, -back))) given++;
  }
  return given >= MIN_MONTHS_GIVEN ? given : null;
}

/**
 * A missionary's support figures (decision 36, docs/decisions.md) for the 24 months ending with
 * `today`'s month, from every gift they ever received (older gifts only tell who is new or stopped).
 */
export function supportFigures(gifts: readonly SupportGift[], today: IsoDate): SupportFigures {
  const current = monthOf(today);
  const first = addMonths(current, -(SUPPORT_MONTHS - 1));
  const shown = gifts.filter((gift) => monthOf(gift.date) >= first && monthOf(gift.date) <= current);
  const donorMonths = monthsByDonor(gifts);
  const firstMonth = new Map([...donorMonths].map(([key, months]) => [key, [...months].sort()[0]]));

  const months: SupportMonth[] = [];
  for (let offset = SUPPORT_MONTHS - 1; offset >= 0; offset--) {
    const month = addMonths(current, -offset);
    const inMonth = shown.filter((gift) => monthOf(gift.date) === month);
    const designated = sum(inMonth.filter((gift) => gift.designated).map((gift) => gift.amount));
    const total = sum(inMonth.map((gift) => gift.amount));
    const givers = new Set(inMonth.flatMap((gift) => (gift.donorKey === null ? [] : [gift.donorKey])));
    let stopped = 0;
    for (const set of donorMonths.values()) {
      if (stoppedAsOf(set, month) !== null && stoppedAsOf(set, addMonths(month, -1)) === null) stopped++;
    }
    months.push({
      month,
      total,
      designated,
      general: total - designated,
      givers: givers.size,
      newGivers: [...givers].filter((key) => firstMonth.get(key) === month).length,
      stoppedGivers: stopped,
    });
  }

  const givers = giversOf(gifts, shown);
  const newGivers = givers
    .filter((giver) => firstMonth.get(giver.donorKey) === current)
    .map((giver) => ({
      ...giver,
      amountThisMonth: sum(
        shown.filter((g) => g.donorKey === giver.donorKey && monthOf(g.date) === current).map((g) => g.amount),
      ),
    }));
  const stoppedGivers = givers.flatMap((giver) => {
    const monthsGiven = stoppedAsOf(donorMonths.get(giver.donorKey) ?? new Set(), current);
    return monthsGiven === null ? [] : [{ ...giver, monthsGiven }];
  });
  const total = sum(months.map((month) => month.total));
  const designated = sum(months.map((month) => month.designated));
  return { months, total, designated, general: total - designated, newGivers, stoppedGivers, givers };
}

/** Each donor of the shown months with their total there; the name is their latest gift's. */
function giversOf(all: readonly SupportGift[], shown: readonly SupportGift[]): SupportGiver[] {
  const byKey = new Map<string, SupportGiver>();
  for (const gift of [...shown].sort((a, b) => a.date.localeCompare(b.date))) {
    if (gift.donorKey === null) continue;
    const giver = byKey.get(gift.donorKey);
    byKey.set(gift.donorKey, {
      donorKey: gift.donorKey,
      donorName: gift.donorName ?? giver?.donorName ?? null,
      total: (giver?.total ?? 0) + gift.amount,
      gifts: (giver?.gifts ?? 0) + 1,
      firstGiftDate: giver?.firstGiftDate ?? gift.date,
      lastGiftDate: gift.date,
    });
  }
  // A stopped giver may have last given before the shown months only if the window is shorter than
  // the rule's eight months; it is not, so every stopped giver is here. First gifts come from `all`.
  const firstEver = new Map<string, IsoDate>();
  for (const gift of all) {
    if (gift.donorKey === null) continue;
    const seen = firstEver.get(gift.donorKey);
    if (seen === undefined || gift.date < seen) firstEver.set(gift.donorKey, gift.date);
  }
  return [...byKey.values()]
    .map((giver) => ({ ...giver, firstGiftDate: firstEver.get(giver.donorKey) ?? giver.firstGiftDate }))
    .sort((a, b) => b.total - a.total || (a.donorName ?? '').localeCompare(b.donorName ?? ''));
}
