/** The first screen when there is no session (issue 14, first minute). Filled in by the welcome work. */
export function Welcome() {
  return null;
}
