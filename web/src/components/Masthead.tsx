// The masthead image: drawn here rather than shipped as a file so it carries the configured
// site name and needs no external asset. Fixed aspect ratio, so it never shifts the page.

export function Masthead({ siteName }: { siteName: string | undefined }) {
  const name = siteName ?? '';
  return (
    <h1>
      <svg
        role="img"
        aria-label={siteName ? `${siteName}: the latest news` : 'The latest news'}
        viewBox="0 0 1200 180"
        className="block h-auto w-full rounded-xl shadow-sm"
        preserveAspectRatio="xMidYMid meet"
      >
        <defs>
          <linearGradient id="masthead-sky" x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#0b1324" />
            <stop offset="1" stopColor="#1e3a8a" />
          </linearGradient>
          <clipPath id="masthead-frame">
            <rect width="1200" height="180" rx="20" />
          </clipPath>
        </defs>
        <g clipPath="url(#masthead-frame)">
          <rect width="1200" height="180" fill="url(#masthead-sky)" />
          {/* Newsprint columns fading to the right. */}
          <g stroke="#94a3b8" strokeWidth="6" strokeLinecap="round" opacity="0.18">
            {[0, 1, 2].map((column) =>
              [0, 1, 2, 3, 4, 5, 6].map((line) => (
                <line key={`${column}-${line}`} x1={975 + column * 75} x2={1030 + column * 75 - (line % 3) * 12} y1={36 + line * 18} y2={36 + line * 18} />
              )),
            )}
          </g>
          {/* A globe with broadcast arcs: news from everywhere, also as audio. */}
          <g transform="translate(110 90)" fill="none" stroke="#fbbf24" strokeWidth="7">
            {/* radius 56 keeps the arcs inside the frame */}
            <circle r="56" />
            <ellipse rx="25" ry="56" />
            <line x1="-56" x2="56" y1="0" y2="0" />
            <path d="M-48 -28 H48 M-48 28 H48" />
            <path d="M74 -38 A78 78 0 0 1 74 38" strokeLinecap="round" />
            <path d="M90 -54 A100 100 0 0 1 90 54" strokeLinecap="round" opacity="0.6" />
          </g>
          <text
            x="235"
            y="108"
            fill="#ffffff"
            fontFamily="Georgia, 'Times New Roman', serif"
            fontWeight="700"
            fontSize="96"
            className="max-sm:translate-y-4"
            {...(name.length > 14 ? { textLength: 680, lengthAdjust: 'spacingAndGlyphs' } : {})}
          >
            {name}
          </text>
          <text x="239" y="150" fill="#fcd34d" fontFamily="system-ui, sans-serif" fontSize="26" letterSpacing="3" className="max-sm:hidden">
            EVERY SOURCE · EVERY TOPIC · EVERY DAY
          </text>
        </g>
      </svg>
    </h1>
  );
}
