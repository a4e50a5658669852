// The page's side of the duel bot (duel-worker.js): the bot's move and the
// exact review after a game, both searched in a Web Worker, never on the
// page's thread. One worker for the page, spawned on the first question.

import { WorkerClient } from '../../app/worker-client.js';

export const BOT_BUDGET_MS = 900;
export const REVIEW_BUDGET_MS = 4000;

let botClient = null;
function bot() {
  botClient ||= new WorkerClient(new URL('./duel-worker.js', import.meta.url));
  return botClient;
}

/** The bot's move: resolves {result: {shell, perfect, value, ms}, ms}. */
export function askBotMove({ succ, unlit, rule, level, seed }) {
  return bot().call({ succ, unlit, rule, level, seed, budgetMs: BOT_BUDGET_MS }, { timeoutMs: 15000 });
}

/** The exact review of a finished game: resolves {result: review | null, ms}. */
export function askReview({ succ, rule, moves }) {
  return bot().call({ kind: 'review', succ, rule, moves, budgetMs: REVIEW_BUDGET_MS }, { timeoutMs: REVIEW_BUDGET_MS + 8000 });
}
