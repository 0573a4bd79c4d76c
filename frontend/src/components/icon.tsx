// Small line icons drawn inline (no icon font, no emoji font needed).
const PATHS = {
  lock: 'M7 11V8a5 5 0 0 1 10 0v3M5 11h14v10H5z M12 15v2',
  truck: 'M3 6h11v10H3z M14 10h4l3 3v3h-7 M7 19a2 2 0 1 0 0-.01 M17 19a2 2 0 1 0 0-.01',
  refresh: 'M20 11a8 8 0 0 0-14.7-4.3L4 8 M4 4v4h4 M4 13a8 8 0 0 0 14.7 4.3L20 16 M20 20v-4h-4',
  sparkle: 'M12 3l2.2 5.8L20 11l-5.8 2.2L12 19l-2.2-5.8L4 11l5.8-2.2z',
  upload: 'M12 16V4 M7 9l5-5 5 5 M5 14v5h14v-5',
  gift: 'M4 11h16v10H4z M3 7h18v4H3z M12 7v14 M12 7c-1-3-5-4-5-1 0 1 2 1 5 1 M12 7c1-3 5-4 5-1 0 1-2 1-5 1',
  camera: 'M4 8h4l2-3h4l2 3h4v11H4z M12 17a4 4 0 1 0 0-8 4 4 0 0 0 0 8z',
  box: 'M3 7l9-4 9 4v10l-9 4-9-4z M3 7l9 4 9-4 M12 11v10',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      className="icon"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
