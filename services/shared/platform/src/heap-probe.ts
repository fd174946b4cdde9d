import { getHeapStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/**
 * The memory bench's probe (`./popote bench memory`): a process's heap after a full garbage
 * collection. Only when POPOTE_HEAP_PROBE=1 (the bench's launch): forcing a GC on request is not
 * something any other caller may do.
 */
export const heapProbeEnabled = (env: NodeJS.ProcessEnv = process.env): boolean => env.POPOTE_HEAP_PROBE === '1';

/** Collects twice (what the first frees may free more), then reads V8's heap and Node's memory. */
export function heapAfterGc() {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  gc();
  gc();
  const heap = getHeapStatistics();
  const memory = process.memoryUsage();
  return {
    heap_used_bytes: heap.used_heap_size,
    heap_total_bytes: heap.total_heap_size,
    heap_limit_bytes: heap.heap_size_limit,
    external_bytes: memory.external,
    array_buffers_bytes: memory.arrayBuffers,
    rss_bytes: memory.rss,
  };
}
