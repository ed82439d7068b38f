export const prerender = false;
export const GET = () => new Response(JSON.stringify({ data: 'pong' }), { headers: { 'content-type': 'application/json' } });
