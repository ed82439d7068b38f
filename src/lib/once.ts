// A build-time value worked out on first use and shared by every page the build renders (one process renders them
// all): what every page needs of the whole catalogue is computed once, so the build stays linear in its size.
export function once<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}
