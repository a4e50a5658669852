// Promise-style calls into a module Web Worker, with a time-out after which
// the worker is replaced (a stuck computation never freezes the page).
// The worker answers {id, ok, result | error}; before that it may send any
// number of {id, progress} messages, handed to the call's onProgress.

export class WorkerClient {
  constructor(url) {
    this.url = url;
    this.nextId = 1;
    this.pending = new Map();
    this.worker = null;
  }

  _spawn() {
    this.worker = new Worker(this.url, { type: 'module' });
    this.worker.onmessage = (e) => {
      const { id, ok, result, error, progress } = e.data || {};
      const p = this.pending.get(id);
      if (!p) return;
      if (ok === undefined && progress !== undefined) {
        p.onProgress?.(progress);
        return;
      }
      this.pending.delete(id);
      clearTimeout(p.timer);
      if (ok) p.resolve({ result, ms: performance.now() - p.start });
      else p.reject(new Error(error || 'worker failed'));
    };
    this.worker.onerror = (e) => {
      e.preventDefault?.();
      this._failAll(new Error('the worker stopped unexpectedly'));
    };
  }

  _failAll(err) {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(err);
    }
    this.pending.clear();
    this.worker?.terminate();
    this.worker = null;
  }

  /** Post `payload`; resolves {result, ms} (ms = round trip as seen by the page). */
  call(payload, { timeoutMs = 10000, onProgress = null } = {}) {
    if (!this.worker) this._spawn();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => this._failAll(new Error('the worker took too long')), timeoutMs);
      this.pending.set(id, { resolve, reject, timer, onProgress, start: performance.now() });
      this.worker.postMessage({ id, ...payload });
    });
  }

  terminate() { this._failAll(new Error('stopped')); }
}
