// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { focusWhenShown } from './focusTarget';

// jsdom lays nothing out: every element counts as rendered unless it is inside [hidden].
beforeAll(() => {
  Element.prototype.getClientRects = () => [{}] as unknown as DOMRectList;
});
afterEach(() => {
  document.body.innerHTML = '';
});

/** A raf that runs queued callbacks when told to, so a test can render between frames. */
function frames() {
  const queue: Array<() => void> = [];
  return { raf: (cb: () => void) => queue.push(cb), tick: () => queue.splice(0).forEach((cb) => cb()) };
}

describe('focusWhenShown', () => {
  it('waits for the marked element, then focuses its first field', () => {
    const f = frames();
    focusWhenShown('tool:echo', f.raf);
    f.tick();
    expect(document.activeElement).toBe(document.body);
    document.body.innerHTML = `<div role="tabpanel"><div data-focus-target="tool:echo"><button>Form</button><input id="first"><input id="second"></div></div>`;
    f.tick();
    expect(document.activeElement?.id).toBe('first');
  });

  it('a tool without arguments: the view’s fallback (its Call button)', () => {
    const f = frames();
    document.body.innerHTML = `<div role="tabpanel"><div data-focus-target="tool:ping"><button>Form</button></div><input id="timeout"><button id="call" data-focus-fallback>Call</button></div>`;
    focusWhenShown('tool:ping', f.raf);
    f.tick();
    expect(document.activeElement?.id).toBe('call');
  });

  it('matches the key as a value (hostile names never reach a selector), skips hidden panels, and a newer jump wins', () => {
    const f = frames();
    const name = 'x"] , body, [a="';
    document.body.innerHTML = `<div hidden><div data-focus-target="prompt:p"><input id="hidden"></div></div><div id="host"></div>`;
    const el = document.createElement('form');
    el.dataset.focusTarget = `prompt:${name}`;
    el.innerHTML = '<input id="hostile">';
    document.getElementById('host')!.append(el);
    focusWhenShown('prompt:p', f.raf);
    focusWhenShown(`prompt:${name}`, f.raf);
    f.tick();
    expect(document.activeElement?.id).toBe('hostile');
  });

  it('a region marked data-focus-self is focused itself', () => {
    const f = frames();
    document.body.innerHTML = `<div data-focus-target="resource:demo://a" data-focus-self tabindex="0" id="contents"><input></div>`;
    focusWhenShown('resource:demo://a', f.raf);
    f.tick();
    expect(document.activeElement?.id).toBe('contents');
  });
});
