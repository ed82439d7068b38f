// Renders the search engine's answers as React transitions, so React can split the work into short tasks and keep
// the page responsive (issue 24: the search page's total blocking time).
//
// InstantSearch hands each answer to the widgets from a microtask (InstantSearch#scheduleRender →
// mainIndex.render, then the 'render' event); react-instantsearch's hooks turn that into setState calls, which outside
// a transition React renders in one uninterrupted task: the hits, every facet list and the page links at once, a long
// task of several hundred milliseconds on a slow phone. Inside startTransition the same updates render in slices of
// about 5 ms between which the browser can answer input and paint. What is rendered does not change.
//
// Only answers: a render while a search is still under way (status 'loading', e.g. the one right after a click on a
// facet, which shows the box ticked before the answer comes) stays synchronous, or a controlled checkbox would
// spring back until the transition is done.
import { startTransition } from 'react';

export type Patchable = {
  status: string;
  mainIndex: { render: (...args: unknown[]) => void };
  emit: (event: string | symbol, ...args: unknown[]) => boolean;
};

const patched = new WeakSet<object>();

/** Wraps an InstantSearch instance's rendering of answers in startTransition (once per instance). */
export function renderInTransitions(search: Patchable): void {
  if (patched.has(search)) return;
  patched.add(search);
  const render = search.mainIndex.render.bind(search.mainIndex);
  const answered = () => search.status === 'idle' || search.status === 'error';
  search.mainIndex.render = (...args) => (answered() ? startTransition(() => render(...args)) : render(...args));
  const emit = search.emit.bind(search);
  search.emit = (event, ...args) => {
    if (event !== 'render' || !answered()) return emit(event, ...args);
    let handled = false;
    startTransition(() => {
      handled = emit(event, ...args);
    });
    return handled;
  };
}
