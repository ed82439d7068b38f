// A Typesense URL (TYPESENSE_URL, e.g. https://search.example:8108/prefix) as the official client's node: host,
// port (the protocol's default when the URL has none), protocol and path without a trailing slash.
export function typesenseNode(url: URL): { host: string; port: number; protocol: 'http' | 'https'; path: string } {
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
    path: url.pathname.replace(/\/+$/, ''),
  };
}
