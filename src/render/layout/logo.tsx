// The brand mark: drawn in SVG with the tint colour, so it follows the theme and costs no request.
export function Logo() {
  return (
    <a className="brand" href="/" aria-label="Webstudio home">
      <svg className="brand-mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="9" fill="var(--tint)" />
        <path d="M8 11l3.2 11 4.8-8 4.8 8L24 11" fill="none" stroke="var(--on-tint)" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span>Webstudio</span>
    </a>
  );
}
