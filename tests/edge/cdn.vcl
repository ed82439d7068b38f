# The edge cache of tests/api/edge-cache.test.ts: Varnish behaving like a common CDN that follows the origin's
# Cache-Control (docs/cdn.md). It is Varnish's builtin.vcl (`varnishd -x builtin`) with what a CDN does differently,
# and nothing that would hide a mistake of the origin, which is what the test is for:
#
# - requests with a Cookie or an Authorization header are looked up like any other (builtin.vcl passes them): what
#   decides is the origin's answer. Neither header is removed or changed on its way to the origin.
# - a response to a request with Authorization is stored only when it says public, s-maxage or must-revalidate
#   (RFC 9111 §3.5, as CDNs do); responses with Set-Cookie, private, no-store or no-cache are never stored (builtin).
# - the cache key is the URL (and host, as builtin.vcl); Vary is honoured, and Accept-Encoding is normalised to
#   br, gzip or nothing first, as CDNs do (varnishd runs with http_gzip_support=off, so it neither asks the origin
#   for gzip nor unzips for clients: the origin's own encodings are stored as they come).
# - max-age / s-maxage give the lifetime (Varnish itself); stale-while-revalidate lets a copy past it be served while
#   it is fetched again in the background; past that window the copy is fetched before answering, unless the origin
#   is down (its health probe, written by the test, fails): then within stale-if-error the stale copy is served.
# - X-Cache: HIT or MISS and X-Cache-Hits on every answer, for the test.
#
# The test writes the backend (the shop it started, with a health probe) and includes this file after `import std;`.

sub vcl_recv {
	if (req.http.Accept-Encoding) {
		if (req.http.Accept-Encoding ~ "(?i)\bbr\b" && req.http.Accept-Encoding !~ "(?i)\bbr\s*;\s*q=0(\.0*)?\s*(,|$)") {
			set req.http.Accept-Encoding = "br";
		} elsif (req.http.Accept-Encoding ~ "(?i)\bgzip\b" && req.http.Accept-Encoding !~ "(?i)\bgzip\s*;\s*q=0(\.0*)?\s*(,|$)") {
			set req.http.Accept-Encoding = "gzip";
		} else {
			unset req.http.Accept-Encoding;
		}
	}
	# The second lookup of a request whose copy was past its revalidation window: only a fresh copy will do.
	if (req.http.X-Edge-Fetch-Now) {
		set req.grace = 0s;
	}
	# builtin.vcl without vcl_req_authorization and vcl_req_cookie.
	call vcl_req_host;
	call vcl_req_method;
	return (hash);
}

sub vcl_hit {
	if (obj.ttl >= 0s) {
		return (deliver);
	}
	# Stale, within stale-while-revalidate: Varnish answers with it and fetches it again in the background.
	if (obj.ttl + std.duration(obj.http.X-Edge-Revalidate + "s", 0s) > 0s) {
		return (deliver);
	}
	# Stale past that window while the origin is down (its health probe fails): stale-if-error keeps the copy
	# (beresp.grace) that long.
	if (!std.healthy(req.backend_hint)) {
		return (deliver);
	}
	# Otherwise look up again, fetching before answering.
	set req.http.X-Edge-Fetch-Now = "1";
	return (restart);
}

sub vcl_backend_response {
	if (beresp.status >= 500 && bereq.is_bgfetch) {
		# A background fetch that got an error: keep the stale copy.
		return (abandon);
	}
	if (bereq.http.Authorization && beresp.http.Cache-Control !~ "(?i)(\bpublic\b|\bs-maxage\s*=|\bmust-revalidate\b)") {
		call vcl_beresp_hitmiss;
	}
	# Varnish set beresp.grace from stale-while-revalidate (0 without: default_grace=0); stale-if-error may keep the
	# copy longer, for an origin that is down only (vcl_hit).
	set beresp.http.X-Edge-Revalidate = std.integer(duration=beresp.grace, fallback=0);
	if (beresp.http.Cache-Control ~ "(?i)\bstale-if-error\s*=\s*[0-9]+") {
		set beresp.grace = std.duration(regsub(beresp.http.Cache-Control, "(?i)^.*\bstale-if-error\s*=\s*([0-9]+).*$", "\1") + "s", beresp.grace);
	}
	call vcl_builtin_backend_response;
	return (deliver);
}

sub vcl_deliver {
	unset resp.http.X-Edge-Revalidate;
	if (obj.hits > 0) {
		set resp.http.X-Cache = "HIT";
	} else {
		set resp.http.X-Cache = "MISS";
	}
	set resp.http.X-Cache-Hits = obj.hits;
}
