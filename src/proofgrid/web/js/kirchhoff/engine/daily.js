// A daily Kirchhoff board per calendar date, nothing stored, mirroring
// src/proofgrid/kirchhoff/daily.py: the board of a date is generated from the
// seed text `kirchhoff/v${GENERATOR_VERSION}/${YYYY-MM-DD}` (seedFromText) with
// the daily preset (hard 7x7), so everyone with the same generator version gets
// the same board. Its seed-form game ID is "7x7dh#kirchhoff/v1/2026-11-30".
// The puzzle number counts days from the site's launch (core/dates.js's LAUNCH,
// 2026-11-30 is #1); dates before the launch are refused, as in Python and as
// Matchless refuses them.
// Dates are ISO calendar dates read in integer arithmetic (no Date object).

import { LAUNCH, parseDate } from '../../core/dates.js';
import { GameIdError } from '../../core/errors.js';
import { seedFromText } from '../../core/rng.js';
import { PRESETS, encodeParams } from './codec.js';
import { GENERATOR_VERSION, generate } from './generate.js';

export const DAILY_PRESET = 'hard';
export { LAUNCH };
const LAUNCH_DAYS = parseDate(LAUNCH).days;

function presetParams(preset) {
  const key = String(preset).trim().toLowerCase(); // preset names are case-insensitive everywhere
  if (!Object.hasOwn(PRESETS, key)) {
    throw new GameIdError(`unknown preset ${JSON.stringify(String(preset))} (choose from ${Object.keys(PRESETS).join(', ')})`);
  }
  return PRESETS[key];
}

/** The parsed date, refused (GameIdError) before the launch. */
function launched(dateISO) {
  const d = parseDate(dateISO);
  if (d.days < LAUNCH_DAYS) throw new GameIdError(`daily boards begin on ${LAUNCH} (#1)`);
  return d;
}

/** "kirchhoff/v1/2026-11-30" for generator version 1. */
export function dailySeedText(dateISO) {
  return `kirchhoff/v${GENERATOR_VERSION}/${parseDate(dateISO).iso}`;
}

/** The seed-form game ID of a date's board, e.g. "7x7dh#kirchhoff/v1/2026-11-30". */
export function dailyId(dateISO, preset = DAILY_PRESET) {
  launched(dateISO);
  return `${encodeParams(presetParams(preset))}#${dailySeedText(dateISO)}`;
}

/** Days since the launch plus one, or null before the launch (no daily then). */
export function dailyNumber(dateISO) {
  const n = parseDate(dateISO).days - LAUNCH_DAYS + 1;
  return n >= 1 ? n : null;
}

/**
 * The day's board: {date, id (fixed form "params:desc"), seedId, number,
 * preset, board, grade, solution, generated}. Deterministic; throws GameIdError
 * for a bad date, a date before the launch, or a bad preset. onProgress as in generate().
 */
export function daily(dateISO, preset = DAILY_PRESET, onProgress = null) {
  const { iso } = launched(dateISO);
  const params = presetParams(preset);
  const gen = generate(params, seedFromText(dailySeedText(iso)), onProgress);
  return Object.freeze({
    date: iso,
    id: gen.id,
    seedId: dailyId(iso, preset),
    number: dailyNumber(iso),
    preset,
    board: gen.board,
    grade: gen.grade,
    solution: gen.solution,
    generated: gen,
  });
}
