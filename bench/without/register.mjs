/**
 * A bench's switch to run the product without one of its performance layers, the product's code
 * untouched: loaded first (`NODE_OPTIONS=--import=<this file>`, or `node --import`), it registers
 * hooks.mjs, which hands every importer of a layer's module this folder's stand-in instead.
 * BENCH_WITHOUT names the layers, comma-separated (hooks.mjs lists them). Used by bench/ab.ts.
 */
import { register } from 'node:module';

register('./hooks.mjs', import.meta.url, { data: { without: process.env.BENCH_WITHOUT ?? '' } });
