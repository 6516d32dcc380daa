/** What the demo shows and three things to try, above the views of the demo session (issue 14). */
export function DemoGuide() {
  return null;
}
