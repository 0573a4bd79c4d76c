// A small chart of one figure over periods (revenue by day, orders by week...), drawn with
// recharts. It is a picture of numbers the screen also lists, so screen readers get its caption
// and recharts' keyboard layer; the figures themselves are in the tables beside it. No animation:
// the chart is for reading, and it is drawn at once.
import { Bar, BarChart, CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';

export interface SeriesPoint {
  label: string;
  value: number;
}

export function SeriesChart({
  caption,
  points,
  kind = 'bar',
  format = String,
  color = 'var(--color-primary)',
  counts = false,
}: {
  caption: string;
  points: readonly SeriesPoint[];
  kind?: 'bar' | 'line';
  format?: (value: number) => string;
  color?: string;
  /** Whole things (orders): the axis steps by whole numbers, never 0.25 of an order. */
  counts?: boolean;
}) {
  const data = points.map((point) => ({ ...point }));
  const axes = (
    <>
      <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--color-border)" />
      <XAxis dataKey="label" tick={{ fontSize: 11 }} tickLine={false} minTickGap={12} />
      <YAxis
        tick={{ fontSize: 11 }}
        tickLine={false}
        axisLine={false}
        width={64}
        tickFormatter={format}
        allowDecimals={!counts}
      />
      <Tooltip formatter={(value) => [format(Number(value)), caption]} />
    </>
  );
  return (
    <figure className="admin-chart">
      <figcaption>{caption}</figcaption>
      <div className="admin-chart__plot">
        {kind === 'bar' ? (
          <BarChart responsive style={{ width: '100%', height: '100%' }} data={data} title={caption}>
            {axes}
            <Bar
              dataKey="value"
              name={caption}
              fill={color}
              radius={[4, 4, 0, 0]}
              maxBarSize={36}
              isAnimationActive={false}
            />
          </BarChart>
        ) : (
          <LineChart responsive style={{ width: '100%', height: '100%' }} data={data} title={caption}>
            {axes}
            <Line
              dataKey="value"
              name={caption}
              stroke={color}
              strokeWidth={2}
              dot={false}
              type="monotone"
              isAnimationActive={false}
            />
          </LineChart>
        )}
      </div>
    </figure>
  );
}
