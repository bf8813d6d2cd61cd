import fc from 'fast-check';
import { checkStep, type Model, type Real } from './world';

/** Helpers shared by the office model's commands. */
export type Cmd = fc.AsyncCommand<Model, Real, false>;

export const pick = <T>(items: readonly T[], index: number): T => items[index % items.length];
export const user = (real: Real, index: number) => pick(real.missionaries, index);
export const fail = (message: string): never => {
  throw new Error(message);
};
export const accountsOf = (model: Readonly<Model>) => [...model.hold.keys()];
export const always = () => true;
/** Whole dollars: cheap, readable counterexamples. */
export const amount = fc.integer({ min: 1, max: 400 });

/** A command whose run is followed by the step check (ledger check + model balances). */
export function command(
  name: string,
  check: (model: Readonly<Model>) => boolean,
  run: (model: Model, real: Real) => Promise<void>,
): Cmd {
  return {
    check,
    async run(model, real) {
      await run(model, real);
      await checkStep(real, model);
    },
    toString: () => name,
  };
}
