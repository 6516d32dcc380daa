import { setActionOrder, type ActionSpec } from './actions';
import type { KeyChord } from './keyChords';

const plain = (e: KeyChord) => !e.altKey && !e.ctrlKey && !e.metaKey;

/**
 * Every user action, one record each (lib/actions.ts binds them to what the owning feature
 * does): the palette lists them in this order, the `?` list groups those with keys in
 * HELP_GROUPS order, menus take their words from here. Adding an action is adding a record here
 * and binding it where its state lives.
 */
export const ACTIONS = {
  openPalette: {
    id: 'palette.open',
    label: 'Command palette',
    description: 'Command palette: go to a tool, resource, prompt, view or action',
    keys: 'Mod+K',
    group: 'General',
    inInputs: true,
    palette: false,
  },
  connectDemo: { id: 'connect-demo', label: 'Connect to the demo server', keywords: 'new session start' },
  toggleTheme: { id: 'toggle-theme', label: 'Toggle theme (system → light → dark)', keywords: 'dark light colour color' },
  ping: { id: 'ping', label: 'Ping the server', keywords: 'latency alive' },
  answerWaiting: { id: 'answer-waiting', label: 'Answer the waiting request', keywords: 'server request sampling elicitation dialog' },
  showShortcuts: {
    id: 'shortcuts',
    label: 'Show keyboard shortcuts',
    description: 'Show this list of shortcuts',
    keywords: 'help keys',
    keys: '?',
    group: 'General',
  },
  clearFramesFilter: { id: 'frames.clear-filter', label: 'Clear the Frames filter', keywords: 'reset query search' },
  replayFrame: { id: 'frames.replay', label: 'Replay the selected frame', menuLabel: '↻ Replay', keywords: 'resend again send' },
  editReplayFrame: {
    id: 'frames.edit-replay',
    label: 'Edit and replay the selected frame',
    menuLabel: '✎ Edit and replay…',
    keywords: 'composer resend edit',
  },
  pinFrame: {
    id: 'frames.pin',
    label: 'Pin or unpin the selected frame',
    menuLabel: 'Pin to the top of the log',
    keywords: 'pin unpin keep top',
    keys: 'P',
    area: 'frame list',
    group: 'Frames',
  },
  showDemoGuide: { id: 'demo-guide-show', label: 'Show the demo guide again', keywords: 'tour help welcome steps' },
  showServerGuide: {
    id: 'server-guide-show',
    label: 'Show where to start on this server again',
    keywords: 'tour help welcome steps guide',
  },
  openView: {
    id: 'tabs.switch',
    label: 'Open the n-th view of the navigation',
    keys: 'Alt+1…9',
    group: 'Navigation',
    palette: false,
    keyTest: (e) => e.altKey && !e.ctrlKey && !e.metaKey && (/^[1-9]$/.test(e.key) || /^Digit[1-9]$/.test(e.code ?? '')),
  },
  moveInViews: {
    id: 'nav.move',
    label: 'In the views navigation: move between views',
    keys: '↑ ↓ Home End',
    area: 'views navigation',
    group: 'Navigation',
    palette: false,
    keyTest: (e) => plain(e) && ['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key),
  },
  openFocusedView: {
    id: 'nav.open',
    label: 'In the views navigation: open the focused view',
    keys: 'Enter / Space',
    area: 'views navigation',
    group: 'Navigation',
    palette: false,
    keyTest: (e) => plain(e) && (e.key === 'Enter' || e.key === ' '),
  },
  resizeSidebar: {
    id: 'sidebar.resize',
    label: 'On the sidebar’s edge: resize it (Home/End: limits, Enter: default width)',
    keys: '← →',
    area: 'sidebar edge',
    group: 'Navigation',
    palette: false,
    keyTest: (e) => plain(e) && ['ArrowLeft', 'ArrowRight', 'Home', 'End', 'Enter'].includes(e.key),
  },
  call: { id: 'action.call', label: 'Call / send in the active tab', keys: 'Mod+Enter', group: 'Active tab', palette: false },
  rerun: {
    id: 'action.rerun',
    label: 'Re-run the last call in the active tab',
    keys: 'Mod+Shift+Enter',
    group: 'Active tab',
    palette: false,
  },
  cancel: { id: 'action.cancel', label: 'Cancel the running call in the active tab', keys: 'Escape', group: 'Active tab', palette: false },
  focusFramesFilter: {
    id: 'frames.focus-filter',
    label: 'In the frame list: go to the filter',
    keys: '/',
    area: 'frame list',
    group: 'Frames',
    palette: false,
  },
} as const satisfies Record<string, ActionSpec>;

/** The `?` list's headings, in order. */
export const HELP_GROUPS = ['General', 'Navigation', 'Active tab', 'Frames'] as const;

setActionOrder(Object.values(ACTIONS).map((a) => a.id));
