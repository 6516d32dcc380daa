import type { Engine, EngineMessage, SessionInfo } from '@mcpscope/engine';
import { redactSecretValues, SecretValues, secretValuesFrom } from '@mcpscope/trace';

/** The session a message belongs to, whatever its shape. */
function sessionIdOf(message: EngineMessage): string | undefined {
  if (message.type === 'session') return message.session.id;
  if (message.type === 'server-request') return message.request.sessionId;
  return 'sessionId' in message ? message.sessionId : undefined;
}

/**
 * The secrets a live session's user passed (env, headers, tokens: secretValuesFrom), looked
 * up by session id and computed once per config. Sessions opened from a trace or wrapped have
 * no config of ours, hence no secrets.
 */
export function sessionSecrets(engine: Engine): (sessionId: string | undefined) => SecretValues {
  const cache = new WeakMap<object, SecretValues>();
  return (sessionId) => {
    const config = sessionId === undefined ? undefined : engine.get(sessionId)?.config;
    if (!config) return SecretValues.EMPTY;
    let secrets = cache.get(config);
    if (!secrets) cache.set(config, (secrets = secretValuesFrom(config)));
    return secrets;
  };
}

/**
 * Redacts, by value only, the user's own secrets from what goes to a browser tab:
 * a server that echoes its API_KEY on stderr or in a tool result shows "[REDACTED]".
 * Nothing else is touched — the tab shows what the server sent (key-based redaction applies to
 * traces and exports only). A message without secrets is passed through as is (no copy).
 */
export function secretRedactor(engine: Engine): { message(m: EngineMessage): EngineMessage; info(s: SessionInfo): SessionInfo } {
  const secretsOf = sessionSecrets(engine);
  return {
    message: (m) => redactSecretValues(m, secretsOf(sessionIdOf(m))),
    info: (s) => redactSecretValues(s, secretsOf(s.id)),
  };
}
