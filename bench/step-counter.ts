/**
 * What bench:steps counts with: every action the script takes on a page goes through one of these
 * helpers, which does it, counts it and names it, so the total is what was done, not an estimate.
 *
 *   tap     one pointer activation on a control (button, link, tab, checkbox, radio, menu option);
 *   field   one form field the user typed into or chose in. Choosing in a select is its field plus
 *           the two taps that open it and pick the option; a radio is its field plus its tap; a file
 *           is its field plus the tap on the button that opens the picker. A checkbox that selects
 *           rows or acknowledges a review is a tap only: it enters no data.
 *
 * The `…IfNeeded` helpers look at the screen first and act only when the product left the work to
 * the user (an empty date, no rate suggested, a unit not yet right); what they skip is listed too, as
 * "given", and not counted.
 */
import type { Locator, Page } from '@playwright/test';

export interface Tally {
  scenario: string;
  taps: number;
  fields: number;
  steps: string[];
  /** The same counts per part of the scenario, in order ("sign in", "MAT Day", …). */
  parts: { name: string; taps: number; fields: number }[];
}

export class StepCounter {
  readonly tally: Tally;

  constructor(
    readonly page: Page,
    scenario: string,
  ) {
    this.tally = { scenario, taps: 0, fields: 0, steps: [], parts: [] };
  }

  /** Starts a part of the scenario: its steps are subtotalled under `name`. */
  part(name: string): void {
    this.tally.parts.push({ name, taps: 0, fields: 0 });
    this.tally.steps.push(`— ${name}`);
  }

  private log(kind: 'tap' | 'field' | 'given', name: string): void {
    const part = this.tally.parts.at(-1);
    if (kind === 'tap') {
      this.tally.taps++;
      if (part) part.taps++;
    }
    if (kind === 'field') {
      this.tally.fields++;
      if (part) part.fields++;
    }
    this.tally.steps.push(`${kind} ${name}`);
    if (process.env.BENCH_VERBOSE) console.log(`  ${this.tally.scenario}: ${kind} ${name}`);
  }

  /** A note in the step list of something the product did for the user; not counted. */
  given(name: string): void {
    this.log('given', name);
  }

  async tap(name: string, control: Locator): Promise<void> {
    await control.click();
    this.log('tap', name);
  }

  /** Picks a radio of a form (one tap), which is also one field the user chose in. */
  async pick(name: string, control: Locator): Promise<void> {
    await control.check();
    this.log('tap', name);
    this.log('field', name);
  }

  /** Ticks a checkbox that selects or acknowledges (rows to approve, a review): a tap, no field. */
  async tick(name: string, control: Locator): Promise<void> {
    await control.check();
    this.log('tap', name);
  }

  async type(name: string, field: Locator, value: string): Promise<void> {
    await field.fill(value);
    this.log('field', name);
  }

  /** Types only when the field is empty: a value the form filled in is taken as it is. */
  async typeIfEmpty(name: string, field: Locator, value: string): Promise<void> {
    const current = await field.inputValue();
    if (current.trim() === '') await this.type(name, field, value);
    else this.given(`${name} (${current})`);
  }

  /** Opens a select and picks an option: two taps, one field. */
  async choose(name: string, select: Locator, option: Locator): Promise<void> {
    await select.click();
    this.log('tap', `${name} (open)`);
    await option.click();
    // The list closes with an animation; a tap meanwhile lands on its backdrop, not the page.
    await this.page.getByRole('listbox').waitFor({ state: 'hidden' });
    await this.page
      .locator('.MuiPopover-root, .MuiMenu-root')
      .waitFor({ state: 'detached', timeout: 5_000 })
      .catch(() => {});
    this.log('tap', `${name} (option)`);
    this.log('field', name);
  }

  /** Chooses only when the select does not already show `shown`. */
  async chooseIfNeeded(name: string, select: Locator, shown: RegExp, option: Locator): Promise<void> {
    const text = (await select.textContent()) ?? '';
    if (shown.test(text)) this.given(`${name} (${text.trim()})`);
    else await this.choose(name, select, option);
  }

  /** The button opens the system's file picker (a tap); the file chosen there is a field. */
  async chooseFile(
    name: string,
    button: Locator,
    file: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<void> {
    const [chooser] = await Promise.all([this.page.waitForEvent('filechooser'), button.click()]);
    this.log('tap', `${name} (open picker)`);
    await chooser.setFiles(file);
    this.log('field', name);
  }
}

/** The table the script prints: one row a scenario, then each scenario's steps. */
export function printTallies(label: string, tallies: Tally[]): void {
  console.log(`\nbench:steps (${label})`);
  console.log('| scenario | taps/clicks | fields |\n| --- | --- | --- |');
  for (const tally of tallies) console.log(`| ${tally.scenario} | ${tally.taps} | ${tally.fields} |`);
  for (const tally of tallies) {
    const parts = tally.parts.map((part) => `${part.name} ${part.taps}/${part.fields}`).join(', ');
    console.log(`\n${tally.scenario}: ${tally.taps} taps/clicks, ${tally.fields} fields (taps/fields: ${parts})`);
    let n = 0;
    for (const step of tally.steps) {
      if (step.startsWith('—')) console.log(`  ${step}`);
      else if (step.startsWith('given')) console.log(`        ${step}`);
      else console.log(`    ${String(++n).padStart(3)}. ${step}`);
    }
  }
}
