import { afterAll, beforeAll } from 'vitest';

/**
 * For jsdom tests of virtual lists (it has no layout): every element is `viewport` px tall and
 * 1000 wide and keeps the scrollTop it is given; reads of scrollHeight (a synchronous layout in a
 * browser) are counted. Installs in beforeAll, restores in afterAll.
 */
export function stubListLayout(viewport: number): { scrollHeightReads: number } {
  const counter = { scrollHeightReads: 0 };
  const scrollTops = new WeakMap<Element, number>();
  const saved = new Map<string, PropertyDescriptor | undefined>();
  beforeAll(() => {
    const props: Record<string, PropertyDescriptor> = {
      clientHeight: { configurable: true, get: () => viewport },
      clientWidth: { configurable: true, get: () => 1000 },
      offsetHeight: { configurable: true, get: () => viewport },
      offsetWidth: { configurable: true, get: () => 1000 },
      scrollHeight: { configurable: true, get: () => (counter.scrollHeightReads++, 0) },
      scrollTop: {
        configurable: true,
        get(this: Element) {
          return scrollTops.get(this) ?? 0;
        },
        set(this: Element, v: number) {
          scrollTops.set(this, v);
        },
      },
    };
    for (const [name, desc] of Object.entries(props)) {
      saved.set(
        name,
        Object.getOwnPropertyDescriptor(HTMLElement.prototype, name) ?? Object.getOwnPropertyDescriptor(Element.prototype, name),
      );
      Object.defineProperty(HTMLElement.prototype, name, desc);
    }
  });
  afterAll(() => {
    for (const [name, desc] of saved) {
      if (desc) Object.defineProperty(HTMLElement.prototype, name, desc);
      else delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
    }
  });
  return counter;
}
