/** Colours of the syslog levels (RFC 5424), from quiet to alarming. */
export const LEVEL_CLASS: Record<string, string> = {
  debug: 'text-subtle',
  info: 'text-accent',
  notice: 'text-in',
  warning: 'text-warn',
  error: 'text-danger',
  critical: 'text-danger font-semibold',
  alert: 'text-danger font-bold',
  emergency: 'text-danger font-bold underline',
};

/** Row backgrounds for the levels that should catch the eye. */
export const LEVEL_ROW_CLASS: Record<string, string> = {
  warning: 'bg-warn/5',
  error: 'bg-danger/5',
  critical: 'bg-danger/10',
  alert: 'bg-danger/15',
  emergency: 'bg-danger/20',
};
