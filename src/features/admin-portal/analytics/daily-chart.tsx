/**
 * Views and visitors per day as a hand-drawn SVG line chart
 * (docs/decisions/132-analytics-charts-in-svg.md): no chart library, so
 * nothing is added to any bundle but this portal page's chunk. The SVG is an
 * image with a summary for screen readers; the figures themselves are in the
 * data table that follows it.
 */
import { formatDay, formatInteger } from './analytics-format';

type Day = { day: string; views: number; visitors: number };

const WIDTH = 600;
const HEIGHT = 200;

function points(days: Day[], key: 'views' | 'visitors', max: number): string {
  const step = days.length > 1 ? WIDTH / (days.length - 1) : 0;
  return days
    .map(
      (d, i) =>
        `${(days.length > 1 ? i * step : WIDTH / 2).toFixed(1)},${(HEIGHT - (d[key] / max) * HEIGHT).toFixed(1)}`,
    )
    .join(' ');
}

export function DailyChart({ days }: { days: Day[] }) {
  const max = Math.max(1, ...days.map((d) => d.views));
  const first = days[0];
  const last = days[days.length - 1];
  const totalViews = days.reduce((sum, d) => sum + d.views, 0);
  const totalVisitors = days.reduce((sum, d) => sum + d.visitors, 0);
  const summary =
    first && last
      ? `Views and visitors per day from ${formatDay(first.day)} to ${formatDay(last.day)}: ${formatInteger(totalViews)} views, ${formatInteger(totalVisitors)} daily visitors, at most ${formatInteger(max)} views a day. The figures are in the table below.`
      : 'No days to show.';
  return (
    <figure className="m-0">
      <div className="flex gap-2">
        <div className="flex flex-col justify-between text-xs text-ink-muted" aria-hidden="true">
          <span>{formatInteger(max)}</span>
          <span>0</span>
        </div>
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          preserveAspectRatio="none"
          role="img"
          aria-label={summary}
          className="h-48 w-full min-w-0 flex-1 overflow-visible border-b border-l border-ink-muted/40"
        >
          {[0.25, 0.5, 0.75].map((f) => (
            <line
              key={f}
              x1={0}
              x2={WIDTH}
              y1={HEIGHT * f}
              y2={HEIGHT * f}
              className="stroke-sand-200"
              vectorEffect="non-scaling-stroke"
            />
          ))}
          <polyline
            points={points(days, 'views', max)}
            fill="none"
            className="stroke-brand-700"
            strokeWidth={2.5}
            vectorEffect="non-scaling-stroke"
          />
          <polyline
            points={points(days, 'visitors', max)}
            fill="none"
            className="stroke-olive-600"
            strokeWidth={2}
            strokeDasharray="6 4"
            vectorEffect="non-scaling-stroke"
          />
        </svg>
      </div>
      <figcaption className="mt-2 flex flex-wrap items-center justify-between gap-2 text-xs text-ink-muted">
        <span>{first ? formatDay(first.day) : ''}</span>
        <span className="flex gap-4" aria-hidden="true">
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-5 bg-brand-700" /> Views
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-0.5 w-5 border-t-2 border-dashed border-olive-600" /> Visitors
          </span>
        </span>
        <span>{last ? formatDay(last.day) : ''}</span>
      </figcaption>
    </figure>
  );
}
