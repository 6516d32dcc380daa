/**
 * The JSON text of the event being announced, made once for everyone who writes it out as it
 * happens: the /ws hub and the recorder each serialized every event of a flood. The text of the
 * latest value asked for is kept and reused while the same object is asked for again. Keyed by
 * identity: a redaction that changed nothing returns the event itself (same text), one that
 * changed something returns a new object (serialized on its own). Whoever changes an event after
 * it was announced (a finding added on a failure) calls forgetEventJson.
 */
let lastValue: object | undefined;
let lastJson = '';

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
}
