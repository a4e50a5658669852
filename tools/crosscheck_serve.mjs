// The job loop shared by the Node sides of the cross-checks (tools/crosscheck.mjs,
// tools/crosscheck_kirchhoff.mjs): JSON jobs in, one per line on stdin; one JSON
// answer per job, in order, on stdout. A job that throws unexpectedly answers
// {error, message}.

import { createInterface } from 'node:readline';

/**
 * {ok: true, ...fn()} or, when fn throws (an input the engine must refuse),
 * {ok: false, error: the error's class name}.
 */
export function attempt(fn) {
  try {
    return { ok: true, ...fn() };
  } catch (err) {
    return { ok: false, error: err.name };
  }
}

/**
 * Answer every job on stdin with handlers[job.k](job). Lines are answered as
 * they arrive (Python may send more jobs while it works); the answers are
 * written at the end, so a full stdout pipe never blocks the reader.
 */
export async function serve(handlers) {
  const out = [];
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    if (!line.trim()) continue;
    const job = JSON.parse(line);
    let answer;
    try {
      answer = handlers[job.k](job);
    } catch (err) {
      answer = { error: err.name, message: String(err.message).split('\n')[0] };
    }
    out.push(JSON.stringify(answer));
  }
  process.stdout.write(out.join('\n') + '\n');
}
