/** A small mark for the title bar and the sign-in card. */
export function ProductLogo({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
      <rect x="1" y="1" width="22" height="22" rx="6" fill="#1f6feb" />
      <path d="M7 7h6a3 3 0 0 1 0 6H7zM7 13h7a3 3 0 0 1 0 6H7z" fill="none" stroke="#fff" strokeWidth="2" />
    </svg>
  );
}
