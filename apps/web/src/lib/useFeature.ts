import { featureAvailability, type Availability, type CapabilitySide, type KnownFeature } from './capabilities';
import { useStoreSelector } from './services';

/** `featureAvailability` for a session of the store; re-renders when the session changes. */
export function useFeature(sessionId: string | null, feature: KnownFeature | (string & {}), side: CapabilitySide = 'server'): Availability {
  const session = useStoreSelector((s) => (sessionId ? s.sessions.find((x) => x.id === sessionId) : undefined));
  return featureAvailability(session, feature, side);
}
