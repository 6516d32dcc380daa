/** 16 px line icons for the views navigation's compact form (paths drawn for this app). */
const PATHS: Record<string, string> = {
  frames: 'M2.5 5.5h10l-2.5-2.5M13.5 10.5h-10l2.5 2.5',
  console: 'M2 3h12v10H2zM4.5 6.5 6.5 8l-2 1.5M8 10h3.5',
  notifications: 'M4 11.5V7a4 4 0 0 1 8 0v4.5l1 1H3zM6.5 14h3',
  timeline: 'M2 2.5v11h12M4 5h5M6.5 8H12M5 11h4',
  composer: 'M2 8.5 14 2.5l-3 11-3-4.5zM8 9l6-6.5',
  tools: 'M10.5 2a3.5 3.5 0 0 0-3.2 4.8L2.5 11.6a1.3 1.3 0 0 0 1.9 1.9l4.8-4.8A3.5 3.5 0 0 0 14 5.5l-2 1.5-2-1-.5-2 1.5-2',
  apps: 'M2 2.5h12v11H2zM2 5.5h12M4 3.8h.01M5.8 3.8h.01M5 8h6v3.5H5z',
  resources: 'M4 1.5h5l3.5 3.5v9.5H4zM9 1.5V5h3.5M6 8.5h4.5M6 11h4.5',
  prompts: 'M2.5 3h11v7.5h-6L4.5 13v-2.5h-2z',
  tasks: 'M2 4l1.2 1.2L5.5 3M7.5 4.5H14M2 9.5l1.2 1.2L5.5 8.5M7.5 10H14',
  capabilities: 'M2.5 2.5h4.5V7H2.5zM9 2.5h4.5V7H9zM2.5 9H7v4.5H2.5zM9 9h4.5v4.5H9z',
  findings: 'M8 2 14.5 13.5h-13zM8 6.5V10M8 11.8v.4',
  client: 'M3 3h10v7.5H3zM1.5 13h13',
  oauth: 'M7.2 8.8a3 3 0 1 1-1-1l6-6 1.5 1.5M10.5 4l1.5 1.5',
  spans: 'M2 3.5h7M4 6.5h8M6 9.5h5M8 12.5h6',
  traces: 'M8 1.8a6.2 6.2 0 1 0 .01 0zM8 5.8a2.2 2.2 0 1 0 .01 0z',
  compare: 'M4 2v12M12 2v12M6.5 5.5h3M8 4v3M6.5 11h3',
};

export function ViewIcon({ id }: { id: string }) {
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden className="shrink-0">
      <path
        d={PATHS[id] ?? 'M3 3h10v10H3z'}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.3"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
