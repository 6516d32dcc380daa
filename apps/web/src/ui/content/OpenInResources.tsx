import { resourcesNavigation } from '../../lib/navigation';

/**
 * "Open in Resources" for a resource link or an embedded resource in a result: switches to the
 * Resources tab with the URI selected and reads it there (the click is the user's request; the
 * read carries the Resources tab's origin). The URI is the server's text: shown, never fetched here.
 */
export function OpenInResources({ uri, compact }: { uri: string; compact?: boolean }) {
  return (
    <button
      className={`btn ${compact ? 'h-5 px-1.5 text-[11px]' : ''}`}
      data-testid="open-in-resources"
      data-uri={uri}
      title="Show this URI in the Resources tab and read it there (resources/read)"
      onClick={() => resourcesNavigation.openResource(uri)}
    >
      ↗ Open in Resources
    </button>
  );
}
