import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SaveQueue, type SaveState } from './saveQueue';

/** A send whose calls are recorded and answered by the test. */
function harness(delayMs = 500) {
  const sent: [string, string, number][] = [];
  const answers: { resolve(): void; reject(e: unknown): void }[] = [];
  const states: [string, SaveState][] = [];
  const queue = new SaveQueue<number>({
    delayMs,
    send: (key, field, value) =>
      new Promise<void>((resolve, reject) => {
        sent.push([key, field, value]);
        answers.push({ resolve, reject });
      }),
    onState: (key, state) => states.push([key, state]),
    messageOf: (e) => (e instanceof Error ? e.message : 'failed'),
  });
  const last = () => states.at(-1)?.[1].state;
  return { queue, sent, answers, states, last };
}

const tick = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('the judge sheet save queue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits for the judge to stop changing a field, then sends only the last value', async () => {
    const h = harness();
    h.queue.set('p1', 'c1', 3);
    vi.advanceTimersByTime(300);
    h.queue.set('p1', 'c1', 4);
    vi.advanceTimersByTime(300);
    h.queue.set('p1', 'c1', 5);
    expect(h.sent).toEqual([]);
    expect(h.last()).toBe('pending');
    vi.advanceTimersByTime(500);
    expect(h.sent).toEqual([['p1', 'c1', 5]]);
    expect(h.last()).toBe('saving');
    h.answers[0]!.resolve();
    await tick();
    expect(h.last()).toBe('saved');
    expect(h.queue.hasUnsaved()).toBe(false);
  });

  it('sends each changed field of a project in turn, one request at a time', async () => {
    const h = harness();
    h.queue.set('p1', 'c1', 3);
    h.queue.set('p1', 'c2', 7);
    vi.advanceTimersByTime(500);
    expect(h.sent).toEqual([['p1', 'c1', 3]]);
    h.answers[0]!.resolve();
    await tick();
    expect(h.sent).toEqual([
      ['p1', 'c1', 3],
      ['p1', 'c2', 7],
    ]);
    h.answers[1]!.resolve();
    await tick();
    expect(h.last()).toBe('saved');
  });

  it('sends a field again when it changed while its request was out', async () => {
    const h = harness();
    h.queue.set('p1', 'c1', 3);
    vi.advanceTimersByTime(500);
    h.queue.set('p1', 'c1', 9);
    h.answers[0]!.resolve();
    await tick();
    expect(h.sent).toEqual([
      ['p1', 'c1', 3],
      ['p1', 'c1', 9],
    ]);
    h.answers[1]!.resolve();
    await tick();
    expect(h.queue.hasUnsaved('p1')).toBe(false);
  });

  it('keeps a failed value queued, says why, and sends it on retry', async () => {
    const h = harness();
    h.queue.set('p1', 'c1', 3);
    vi.advanceTimersByTime(500);
    h.answers[0]!.reject(new Error('Network error'));
    await tick();
    expect(h.states.at(-1)).toEqual(['p1', { state: 'error', message: 'Network error' }]);
    expect(h.queue.hasUnsaved('p1')).toBe(true);
    void h.queue.flush('p1');
    expect(h.sent).toEqual([
      ['p1', 'c1', 3],
      ['p1', 'c1', 3],
    ]);
    h.answers[1]!.resolve();
    await tick();
    expect(h.last()).toBe('saved');
    expect(h.queue.hasUnsaved()).toBe(false);
  });

  it('keeps projects apart: each has its own wait and state', async () => {
    const h = harness();
    h.queue.set('p1', 'c1', 3);
    vi.advanceTimersByTime(400);
    h.queue.set('p2', 'note', 1);
    vi.advanceTimersByTime(100);
    expect(h.sent).toEqual([['p1', 'c1', 3]]);
    vi.advanceTimersByTime(400);
    expect(h.sent).toEqual([
      ['p1', 'c1', 3],
      ['p2', 'note', 1],
    ]);
  });

  it('flushAll sends what is waiting at once (leaving the page), and dispose stops the waits', async () => {
    const h = harness();
    h.queue.set('p1', 'c1', 2);
    void h.queue.flushAll();
    expect(h.sent).toEqual([['p1', 'c1', 2]]);
    h.queue.set('p2', 'c1', 4);
    h.queue.dispose();
    vi.advanceTimersByTime(5000);
    expect(h.sent).toHaveLength(1);
    expect(h.queue.hasUnsaved('p2')).toBe(true);
  });
});
