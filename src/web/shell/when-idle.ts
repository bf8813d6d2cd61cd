/**
 * Runs `task` once the main thread is idle (at the latest after `timeout` ms), so work the screen on
 * show does not need stays out of the tasks that draw it. Safari has no requestIdleCallback: there
 * the task runs half a second later. Answers a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 2_000): () => void {
  if ('requestIdleCallback' in window) {
    const handle = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(handle);
  }
  const timer = setTimeout(task, 500);
  return () => clearTimeout(timer);
}
