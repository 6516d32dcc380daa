import { createValueStore } from './valueStore';

/**
 * Questions an MCP App view asks the user (ui/open-link), published so that they reach the
 * user in whatever view is in sight: the app itself may sit in a hidden Tools or Apps panel.
 * The app host's side (features/tools/app) adds and removes them; anyone may answer.
 */
export interface AppQuestion {
  /** `${sessionId} ${view}`: one open question per app view at a time. */
  key: string;
  sessionId: string;
  /** The app's ui:// resource (untrusted: render as text). */
  uri: string;
  /** The view the app is rendered in (its own dialog shows there; elsewhere a banner asks). */
  tab: string;
  kind: 'open-link';
  /** The http(s) URL the app asked to open, as parsed by the host. */
  url: string;
  answer(allow: boolean): void;
}

export const appQuestionsStore = createValueStore<readonly AppQuestion[]>([]);

/** Publishes a question; returns the function that withdraws it (answered, or the view closed). */
export function askAppQuestion(question: AppQuestion): () => void {
  appQuestionsStore.set((list) => [...list.filter((q) => q.key !== question.key), question]);
  return () => appQuestionsStore.set((list) => list.filter((q) => q !== question));
}
