import { type Cents, clamp } from '../money';

/**
 * What is still distributable from the general fund during steps 7 and 8. It starts at the
 * distributable funds of step 6, or at 0 in a deficit month (nothing is paid from a negative
 * fund), and every payment is clamped to what is left, so it can never go below zero.
 */
export class GeneralFund {
  private left: Cents;
  private paidOut: Cents = 0;

  constructor(distributable: Cents) {
    this.left = Math.max(0, distributable);
  }

  /** Pays as much of `amount` as is left; returns what was paid. */
  pay(amount: Cents): Cents {
    const paid = clamp(amount, this.left);
    this.left -= paid;
    this.paidOut += paid;
    return paid;
  }

  get remaining(): Cents {
    return this.left;
  }

  /** Everything paid from the general fund in steps 7 and 8. */
  get paid(): Cents {
    return this.paidOut;
  }
}
