/** The Kinfile mark: a rounded tile with a K. Decorative: the product name always sits beside it. */
export function KinfileLogo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="var(--mantine-primary-color-filled)" />
      <path d="M9 8h4v7l6-7h5l-7 7.6L24.5 24h-5.2l-5.4-6.1-.9 1V24H9z" fill="#fff" />
    </svg>
  );
}
