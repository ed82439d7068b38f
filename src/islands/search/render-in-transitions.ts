// Renders the search engine's answers as React transitions, so React can split the work into short tasks and keep
// the page responsive (issue 24: the search page's total blocking time).
//
// InstantSearch hands each answer to the widgets from a microtask (InstantSearch#scheduleRender →
// mainIndex.render, then the 'render' event); react-instantsearch's hooks turn that into setState calls, which outside
// a transition React renders in one uninterrupted task: the hits, every facet list and the page links at once, a long
// task of several hundred milliseconds on a slow phone. Inside startTransition the same updates render in slices of
// about 5 ms between which the browser can answer input and paint. What is rendered does not change.
//
// Except right after the shopper's own input: the render that follows a click on a facet while its search is under
// way (status 'loading', the box shown ticked before the answer comes) stays synchronous, or a controlled checkbox
// would spring back until the transition is done. Answers, and the renders of the first search, are transitions.
import { startTransition } from 'react';

export type Patchable = {
  status: string;
  mainIndex: { render: (...args: unknown[]) => void };
  emit: (event: string | symbol, ...args: unknown[]) => boolean;
};

const patched = new WeakSet<object>();

/** How long after the shopper's last input a render that is not an answer stays synchronous. */
const INPUT_WINDOW_MS = 1000;
let lastInput = Number.NEGATIVE_INFINITY;
if (typeof window !== 'undefined') {
  const note = () => {
    lastInput = performance.now();
  };
  for (const type of ['pointerdown', 'keydown', 'input', 'change', 'click'])
    window.addEventListener(type, note, { capture: true, passive: true });
}

/** Wraps an InstantSearch instance's renders in startTransition, but for those right after input (once per instance). */
export function renderInTransitions(search: Patchable): void {
  if (patched.has(search)) return;
  patched.add(search);
  const render = search.mainIndex.render.bind(search.mainIndex);
  const asTransition = () => search.status === 'idle' || search.status === 'error' || performance.now() - lastInput > INPUT_WINDOW_MS;
  search.mainIndex.render = (...args) => (asTransition() ? startTransition(() => render(...args)) : render(...args));
  const emit = search.emit.bind(search);
  search.emit = (event, ...args) => {
    if (event !== 'render' || !asTransition()) return emit(event, ...args);
    let handled = false;
    startTransition(() => {
      handled = emit(event, ...args);
    });
    return handled;
  };
}
