/**
 * Follows the browser's online/offline events. A no-op outside a browser (no window), as the
 * contract asks of `networkAware`.
 */
export function watchNetwork(onChange: (online: boolean) => void): () => void {
  if (typeof window === 'undefined' || typeof window.addEventListener !== 'function') return () => undefined;
  const goOnline = (): void => onChange(true);
  const goOffline = (): void => onChange(false);
  window.addEventListener('online', goOnline);
  window.addEventListener('offline', goOffline);
  return () => {
    window.removeEventListener('online', goOnline);
    window.removeEventListener('offline', goOffline);
  };
}

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}
