import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { askAppQuestion } from '../../../lib/appQuestions';
import type { AppHost, AppHostSnapshot } from './appHost';

/** Fraction of the bounds an inline view may grow to (the result stays visible below). */
const INLINE_SHARE = 0.7;

/**
 * React's side of one AppHost: its snapshot, the sandbox frame handed over once it is in the
 * document, and the container size (ResizeObserver → host-context-changed).
 */
export function useAppHostModel(host: AppHost, tab = 'tools', fill = false) {
  const snap: AppHostSnapshot = useSyncExternalStore(host.subscribe, host.getSnapshot, host.getSnapshot);
  const wrapper = useRef<HTMLDivElement | null>(null);
  const fullscreen = snap.displayMode === 'fullscreen';

  // The app's open-link question also reaches the user outside this view (lib/appQuestions):
  // the view may be in a hidden panel while the user reads Frames.
  const linkUrl = snap.openLink?.url;
  useEffect(() => {
    if (linkUrl === undefined) return undefined;
    return askAppQuestion({
      key: `${host.opts.sessionId} ${host.view}`,
      sessionId: host.opts.sessionId,
      uri: host.uri,
      tab,
      kind: 'open-link',
      url: linkUrl,
      answer: (allow) => host.answerOpenLink(allow),
    });
  }, [host, linkUrl, tab]);

  const frameRef = useCallback(
    (el: HTMLIFrameElement | null) => {
      if (el) void host.attach(el);
    },
    [host],
  );

  useEffect(() => {
    const el = wrapper.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const bounds = el.closest('[data-app-bounds]') ?? el;
    const measure = () => {
      const height = fullscreen || fill ? el.clientHeight : bounds.clientHeight * INLINE_SHARE;
      host.setContainer({ width: el.clientWidth, height });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (bounds !== el) observer.observe(bounds);
    measure();
    return () => observer.disconnect();
  }, [host, fullscreen, fill]);

  return {
    snap,
    fullscreen,
    wrapper,
    frameRef,
    /** The frame exists from the moment the sandbox URL is known until the view fails or closes. */
    showFrame: !!snap.sandboxUrl && (snap.state === 'loading' || snap.state === 'ready'),
    toggleFullscreen: () => host.setDisplayMode(fullscreen ? 'inline' : 'fullscreen'),
    canToggle: snap.state === 'ready' && host.canDisplay(fullscreen ? 'inline' : 'fullscreen'),
    close: () => void host.close('the user closed the app'),
    answerOpenLink: (allow: boolean) => host.answerOpenLink(allow),
  };
}
