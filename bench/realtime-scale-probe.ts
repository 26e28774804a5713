/**
 * Loaded into the realtime service's process by `bench:realtime-scale` (`--import`, with an IPC
 * channel to the bench): on `memory` it collects garbage when the process runs with --expose-gc
 * and answers process.memoryUsage(); on `snapshot` it writes a heap snapshot and answers its path.
 * Nothing here runs in a process started without the bench.
 */
import v8 from 'node:v8';

const gc = (globalThis as { gc?: () => void }).gc;

process.on('message', (message: unknown) => {
  if (message === 'memory') {
    // Twice: the first pass finalises what the second then frees (weak references, finalisers).
    gc?.();
    gc?.();
    process.send?.({ memory: process.memoryUsage(), collected: typeof gc === 'function' });
  } else if (message === 'snapshot') {
    gc?.();
    process.send?.({ snapshot: v8.writeHeapSnapshot() });
  }
});
// The channel must not keep the service alive once it has shut down.
process.channel?.unref();
