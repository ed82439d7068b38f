// The category page's inline script for its filters (issue 11): a button that loads the product search with the
// category fixed (/_app/search/category-filters.js and .css) and mounts it in place of the prebuilt list; the same
// happens at once when the page is opened with filters in its address (a shared link, the back button). Until then
// the page runs nothing more than this.
import { ROUTING_PARAMS } from '../islands/search/routing.ts';

export const categoryFiltersScript = `(function(){var b=document.getElementById('category-filters-open'),c=document.getElementById('category-filters');if(!b||!c)return;function go(){if(b.disabled)return;b.disabled=true;var l=document.createElement('link');l.rel='stylesheet';l.href='/_app/search/category-filters.css';document.head.appendChild(l);import('/_app/search/category-filters.js').then(function(m){m.mount(c,JSON.parse(c.dataset.options));b.hidden=true}).catch(function(){b.disabled=false})}b.classList.remove('pending');b.addEventListener('click',go);var q=new URLSearchParams(location.search);if(${JSON.stringify(ROUTING_PARAMS)}.some(function(k){return q.has(k)}))go()})()`;
