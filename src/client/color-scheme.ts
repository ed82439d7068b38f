// Colour scheme preference: 'light', 'dark' or 'system' (follows prefers-color-scheme), stored in localStorage.
// The head script applies it before first paint, so there is no flash of the wrong scheme; the toggle script
// wires the footer's radio buttons. Both are tiny inline scripts: pages without islands load no JS file.

const COLOR_SCHEME_KEY = 'app-color-scheme';

// window.__scheme(mode?) applies a mode (or the stored one) and is reused by the toggle script.
export const colorSchemeHeadScript = `(function(){var d=document.documentElement,q=matchMedia('(prefers-color-scheme: dark)');function a(m){try{m=m||localStorage.getItem('${COLOR_SCHEME_KEY}')}catch(e){}if(m!=='light'&&m!=='dark')m='system';d.dataset.schemeMode=m;d.dataset.scheme=m==='system'?(q.matches?'dark':'light'):m}window.__scheme=a;a();q.addEventListener('change',function(){a()})})()`;

export const colorSchemeToggleScript = `(function(){var f=document.getElementById('scheme');if(!f)return;var m=document.documentElement.dataset.schemeMode,c=f.querySelector('input[value="'+m+'"]');if(c)c.checked=true;f.addEventListener('change',function(e){var v=e.target.value;try{localStorage.setItem('${COLOR_SCHEME_KEY}',v)}catch(x){}window.__scheme(v)})})()`;
