// A small table for Ink: fixed-width columns and one flexible column that takes the rest of the
// width, each cell cut to fit, so a table never wraps or overflows an 80-column terminal.
import { Box } from 'ink';
import type { ChalkInstance } from 'chalk';
import { displayWidth, padToWidth, sliceToWidth } from '../terminal/text-width.js';
import { Line, type Segment } from './line.js';

export interface Column<Row> {
  header: string;
  /** Fixed width; leave one column without to take the rest. */
  width?: number;
  align?: 'left' | 'right';
  cell(row: Row): string;
  color?(row: Row): ((c: ChalkInstance) => (text: string) => string) | undefined;
}

export function fitText(text: string, width: number, align: 'left' | 'right' = 'left'): string {
  const clean = text.replace(/\s+/g, ' ');
  const cut = displayWidth(clean) > width ? `${sliceToWidth(clean, width - 1)}…` : clean;
  return padToWidth(cut, width, align);
}

export function Table<Row>({ rows, columns, width, maxRows, empty }: { rows: Row[]; columns: Column<Row>[]; width: number; maxRows: number; empty: string }) {
  const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0) + (columns.length - 1);
  const flex = Math.max(8, width - fixed);
  const widthOf = (c: Column<Row>) => c.width ?? flex;
  const shown = rows.slice(0, Math.max(0, maxRows - 1));
  const cells = (row: Row): Segment[] =>
    columns.flatMap((c, i) => {
      const text = `${fitText(c.cell(row), widthOf(c), c.align)}${i < columns.length - 1 ? ' ' : ''}`;
      const style = c.color?.(row);
      return [style ? ([text, style] as Segment) : text];
    });
  return (
    <Box flexDirection="column">
      <Line width={width} segments={[[columns.map((c) => fitText(c.header, widthOf(c), c.align)).join(' '), (c) => c.bold]]} />
      {shown.length === 0 ? <Line width={width} segments={[[empty, (c) => c.dim]]} /> : null}
      {shown.map((row, index) => (
        <Line key={index} width={width} segments={cells(row)} />
      ))}
    </Box>
  );
}
