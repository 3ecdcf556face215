// Event streams only while the page is seen. A browser opens at most six
// connections to one host, and each open EventSource holds one for good:
// ten tabs of one server would leave the last ones waiting for ever. A
// hidden tab closes its streams; when it is seen again it reads the whole
// state and follows again, and the page applies only views newer than the
// one it shows.

const watchers = [];

/** Whether the page is hidden (another tab, a minimised window). */
export const isHidden = () => document.visibilityState === 'hidden';

/** Calls `hidden()` each time the page is hidden and `shown()` each time
 * it is seen again. */
export function onVisibility(hidden, shown) {
  watchers.push({ hidden, shown });
}

document.addEventListener('visibilitychange', () => {
  for (const watcher of watchers) {
    (isHidden() ? watcher.hidden : watcher.shown)();
  }
});
