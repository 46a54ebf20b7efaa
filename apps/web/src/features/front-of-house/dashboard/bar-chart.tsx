/**
 * A small horizontal bar chart in SVG (decision 0099: no charting library, so the staff site pays
 * nothing for it). It is one image with a text alternative; its numbers are in the table beside it.
 */
export function BarChart({
  title,
  bars,
  format = String,
}: {
  title: string;
  bars: { label: string; value: number }[];
  format?: (value: number) => string;
}) {
  if (bars.length === 0) return null;
  const max = Math.max(1, ...bars.map((bar) => bar.value));
  const rowHeight = 24;
  const labelWidth = 110;
  const width = 360;
  const barSpace = width - labelWidth - 70;
  const summary = `${title}: ${bars.map((bar) => `${bar.label} ${format(bar.value)}`).join(', ')}.`;
  return (
    <figure className="dashboard__chart">
      <svg
        role="img"
        aria-label={summary}
        viewBox={`0 0 ${width} ${bars.length * rowHeight + 4}`}
        width="100%"
        preserveAspectRatio="xMinYMin meet"
      >
        {bars.map((bar, index) => {
          const y = index * rowHeight + 2;
          const length = Math.round((bar.value / max) * barSpace);
          return (
            <g key={bar.label} aria-hidden="true">
              <text x={labelWidth - 6} y={y + 16} textAnchor="end" className="dashboard__chart-label">
                {bar.label}
              </text>
              <rect
                x={labelWidth}
                y={y + 3}
                width={Math.max(length, 1)}
                height={rowHeight - 8}
                className="dashboard__bar"
              />
              <text x={labelWidth + length + 6} y={y + 16} className="dashboard__chart-label">
                {format(bar.value)}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption>{title}</figcaption>
    </figure>
  );
}
