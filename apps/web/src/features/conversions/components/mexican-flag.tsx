/** The flag of Mexico, simplified (three bands and a brown emblem), named for screen readers. */
export function MexicanFlag({ label, width = 48 }: { label: string; width?: number }) {
  return (
    <svg
      role="img"
      aria-label={label}
      width={width}
      height={(width * 4) / 7}
      viewBox="0 0 21 12"
      style={{ borderRadius: 3, boxShadow: '0 0 0 1px rgba(0,0,0,0.12)', flexShrink: 0 }}
    >
      <title>{label}</title>
      <rect width="7" height="12" x="0" fill="#006847" />
      <rect width="7" height="12" x="7" fill="#ffffff" />
      <rect width="7" height="12" x="14" fill="#ce1126" />
      <ellipse cx="10.5" cy="6" rx="1.6" ry="1.9" fill="#8c5a2b" />
      <path d="M8.9 7.4 Q10.5 8.9 12.1 7.4" stroke="#006847" strokeWidth="0.5" fill="none" />
    </svg>
  );
}
