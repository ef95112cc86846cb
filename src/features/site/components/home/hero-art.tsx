/** Leaves along the branch: [x, y, rotation]. */
const LEAVES: [number, number, number][] = [
  [118, 300, -150],
  [150, 262, -35],
  [178, 250, -160],
  [214, 212, -30],
  [236, 206, -150],
  [272, 168, -40],
  [292, 162, -145],
  [326, 126, -50],
  [340, 118, -140],
  [370, 92, -60],
];

const OLIVES: [number, number][] = [
  [196, 262],
  [214, 276],
  [262, 214],
  [312, 168],
];

/**
 * Decorative olive branch drawn inline: inline SVG is never the page's LCP
 * candidate, so the headline stays the largest contentful element.
 */
export function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-md lg:block">
      <svg viewBox="0 0 480 480" className="h-auto w-full" focusable="false">
        <circle cx="240" cy="240" r="220" className="fill-sand-100" />
        <circle cx="240" cy="240" r="168" className="fill-olive-50" />
        <path
          d="M70 360 C 160 300, 260 200, 400 70"
          className="stroke-olive-700"
          strokeWidth="6"
          fill="none"
          strokeLinecap="round"
        />
        {LEAVES.map(([x, y, r], i) => (
          <ellipse
            key={i}
            cx={x}
            cy={y}
            rx="46"
            ry="13"
            transform={`rotate(${r} ${x} ${y})`}
            className={i % 2 ? 'fill-olive-600' : 'fill-olive-500'}
          />
        ))}
        {OLIVES.map(([x, y], i) => (
          <g key={i}>
            <ellipse cx={x} cy={y} rx="15" ry="20" className={i % 2 ? 'fill-brand-800' : 'fill-olive-800'} />
            <ellipse cx={x - 5} cy={y - 7} rx="4" ry="6" className="fill-white/40" />
          </g>
        ))}
        <circle cx="96" cy="120" r="10" className="fill-brand-200" />
        <circle cx="410" cy="380" r="16" className="fill-brand-100" />
      </svg>
    </div>
  );
}
