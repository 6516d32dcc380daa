import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import type { FrameEvent } from '@mcpscope/protocol';
import { ACTIONS } from '../../lib/actionCatalogue';
import { boundAction, boundActionsStore, menuLabelOf, performAction, type ActionContext } from '../../lib/actions';
import { useValue } from '../../lib/valueStore';
import type { FrameTarget } from './useFrameCommands';
import type { FrameActions } from './useFrameReplay';

interface Props {
  frame: FrameEvent;
  x: number;
  y: number;
  /** Why Replay or Edit is not possible, and the sessions Edit can send from. */
  actions: FrameActions;
  onClose: () => void;
}

/**
 * A frame row's context menu: Replay, Edit and replay (into which session), Pin: the frame
 * actions of the registry (lib/actionCatalogue.ts), performed on this row's frame.
 */
export function FrameMenu({ frame, x, y, actions: a, onClose }: Props) {
  useValue(boundActionsStore);
  const seq = frame.seq;
  const ctx = (session?: string): ActionContext<FrameTarget> => ({
    source: 'menu',
    target: session === undefined ? { frame } : { frame, session },
  });
  const label = (id: string, c: ActionContext<FrameTarget>) => {
    const action = boundAction(id);
    return action ? menuLabelOf(action, c as ActionContext) : '';
  };
  const perform = (id: string, c: ActionContext<FrameTarget>) => () => void performAction(id, c);
  const ref = useRef<HTMLDivElement>(null);
  const [pos, setPos] = useState({ left: x, top: y });
  // Keep it on screen.
  useLayoutEffect(() => {
    const r = ref.current?.getBoundingClientRect();
    if (r)
      setPos({
        left: Math.max(4, Math.min(x, window.innerWidth - r.width - 4)),
        top: Math.max(4, Math.min(y, window.innerHeight - r.height - 4)),
      });
  }, [x, y]);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    ref.current?.querySelector<HTMLButtonElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
    const close = () => closeRef.current();
    const outside = (e: Event) => !ref.current?.contains(e.target as Node) && close();
    const key = (e: KeyboardEvent) => e.key === 'Escape' && close();
    document.addEventListener('mousedown', outside, true);
    document.addEventListener('keydown', key);
    window.addEventListener('blur', close);
    window.addEventListener('resize', close);
    return () => {
      document.removeEventListener('mousedown', outside, true);
      document.removeEventListener('keydown', key);
      window.removeEventListener('blur', close);
      window.removeEventListener('resize', close);
    };
  }, []);
  const run = (fn: () => void) => () => (fn(), onClose());
  return (
    <div
      ref={ref}
      role="menu"
      aria-label={`Frame ${seq}`}
      data-testid="frame-menu"
      className="fixed z-50 min-w-48 rounded border border-line bg-panel py-1 text-xs shadow-lg"
      style={pos}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
        e.preventDefault();
        const items = [...(ref.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? [])];
        const i = items.indexOf(document.activeElement as HTMLButtonElement);
        items[(i + (e.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      }}
    >
      <div className="px-3 pb-1 text-[11px] text-subtle">Frame #{seq}</div>
      {a.replayable ? (
        <>
          <Item
            testId="frame-menu-replay"
            disabledReason={a.replayBlocked}
            onClick={run(perform(ACTIONS.replayFrame.id, ctx()))}
            title="Send this message again, with a new id"
          >
            {label(ACTIONS.replayFrame.id, ctx())}
          </Item>
          {a.editTargets.length === 0 ? (
            <Item testId="frame-menu-edit" disabledReason={a.editBlocked} onClick={() => undefined}>
              {ACTIONS.editReplayFrame.menuLabel}
            </Item>
          ) : (
            a.editTargets.map((t) => (
              <Item
                key={t.id}
                testId="frame-menu-edit"
                onClick={run(perform(ACTIONS.editReplayFrame.id, ctx(t.id)))}
                title="Open it in the Composer, ready to edit and send"
              >
                {label(ACTIONS.editReplayFrame.id, ctx(t.id))}
              </Item>
            ))
          )}
        </>
      ) : (
        <div className="px-3 py-1 text-[11px] text-subtle" title={a.replayBlocked}>
          Not replayable: {a.replayBlocked}
        </div>
      )}
      <div className="my-1 border-t border-line" />
      <Item testId="frame-menu-pin" onClick={run(perform(ACTIONS.pinFrame.id, ctx()))}>
        {label(ACTIONS.pinFrame.id, ctx())}
      </Item>
    </div>
  );
}

function Item({
  children,
  onClick,
  disabledReason,
  title,
  testId,
}: {
  children: ReactNode;
  onClick: () => void;
  disabledReason?: string;
  title?: string;
  testId: string;
}) {
  const disabled = disabledReason !== undefined;
  return (
    <button
      role="menuitem"
      aria-disabled={disabled || undefined}
      title={disabledReason ?? title}
      data-testid={testId}
      className={`block w-full max-w-80 truncate px-3 py-1 text-left outline-none ${disabled ? 'cursor-not-allowed text-subtle' : 'hover:bg-hover focus:bg-hover'}`}
      onClick={disabled ? undefined : onClick}
    >
      {children}
    </button>
  );
}
