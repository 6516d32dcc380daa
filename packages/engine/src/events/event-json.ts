/**
 * The JSON text of the event being announced, made once for everyone who writes it out as it
 * happens: the /ws hub and the recorder each serialized every event of a flood, and the memory
 * window keeps it for the spill file (announcedJson). The text of the latest value asked for is
 * kept and reused while the same object is asked for again. Keyed by identity: a redaction that
 * changed nothing returns the event itself (same text), one that changed something returns a new
 * object (serialized on its own). Whoever changes an event after it was announced (a finding added
 * on a failure) calls forgetEventJson.
 */
let lastValue: object | undefined;
let lastJson = '';
/** Values changed after they were announced: a text kept of them is stale (rare: a failure's finding). */
const changed = new WeakSet<object>();

export function eventJson(value: object): string {
  if (value !== lastValue) {
    const json = JSON.stringify(value);
    lastValue = value;
    lastJson = json;
  }
  return lastJson;
}

export function forgetEventJson(value: object): void {
  if (value === lastValue) lastValue = undefined;
  changed.add(value);
}

/** The text eventJson made of this very value, when it is the latest one made and the value was not changed since. */
export function announcedJson(value: object): string | undefined {
  return value === lastValue ? lastJson : undefined;
}

/** Whether the value was changed after it was announced (so a text kept of it then is not what it holds now). */
export function changedSinceAnnounced(value: object): boolean {
  return changed.has(value);
}
