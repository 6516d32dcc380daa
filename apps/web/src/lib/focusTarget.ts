/**
 * Where the next keystroke belongs after a jump (the command palette): the view marks an
 * element with `data-focus-target="<key>"` (`tool:echo`, `prompt:review`, `view:frames`) and
 * focusWhenShown(key) focuses it once it is rendered and visible — its first field, else its
 * submit button, else the element itself. A jump to a tool used to leave the focus on <body>,
 * nine Tabs from the first argument.
 */
const FIELDS = 'input:not([type="hidden"]):not([disabled]), textarea:not([disabled]), select:not([disabled])';
const SUBMIT = 'button[type="submit"]:not([disabled])';

/** Polls this many animation frames (about 3 s) for the view to render, then gives up. */
const MAX_FRAMES = 180;

let pending = 0;

function visible(el: Element): boolean {
  return el instanceof HTMLElement && el.getClientRects().length > 0 && !el.closest('[hidden]');
}

/** The marked element for `key`, compared as a value (a server's tool name is never put in a selector). */
function marked(key: string): HTMLElement | undefined {
  for (const el of document.querySelectorAll<HTMLElement>('[data-focus-target]')) {
    if (el.dataset.focusTarget === key && visible(el)) return el;
  }
  return undefined;
}

/**
 * The element to focus for a marked one: itself when marked `data-focus-self` (a region read
 * with the arrow keys), else its first field, else its submit button or the view's fallback
 * (`data-focus-fallback`, a Call button for a tool without arguments); undefined while none is rendered.
 */
export function focusableIn(el: HTMLElement): HTMLElement | undefined {
  if (el.hasAttribute('data-focus-self')) return el;
  const field = [...el.querySelectorAll<HTMLElement>(FIELDS)].find(visible);
  if (field) return field;
  const scope = el.closest('[role="tabpanel"]') ?? el;
  return [
    ...el.querySelectorAll<HTMLElement>(SUBMIT),
    ...scope.querySelectorAll<HTMLElement>('[data-focus-fallback]:not([disabled])'),
  ].find(visible);
}

/** Focuses the element marked `key` as soon as it is shown; a newer call cancels an older one. */
export function focusWhenShown(key: string, raf: (cb: () => void) => unknown = requestAnimationFrame): void {
  const mine = ++pending;
  let frames = 0;
  const attempt = () => {
    if (mine !== pending) return;
    const el = marked(key);
    const target = el && focusableIn(el);
    if (target) {
      target.focus();
      if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) target.select();
      return;
    }
    if (++frames < MAX_FRAMES) raf(attempt);
  };
  raf(attempt);
}
