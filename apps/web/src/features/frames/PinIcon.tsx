/** A push pin (no emoji: Debian's Chromium may have no emoji font). */
export function PinIcon({ filled, size = 12 }: { filled: boolean; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 16 16"
      aria-hidden="true"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinejoin="round"
    >
      <path d="M5.5 1.5h5l-.8 4.2 2.8 2.6v1.2h-9V8.3l2.8-2.6z" />
      <path d="M8 9.5v5" fill="none" />
    </svg>
  );
}
