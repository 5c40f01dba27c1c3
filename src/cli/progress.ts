// Progress for long work: a redrawn bar with counts and ETA on a terminal, plain lines otherwise
// (cron mails and log files want lines, not carriage returns).

import { formatEta, progressBar } from '../terminal/progress-bar.js';

export interface ProgressReport {
  done: number;
  total: number;
  /**
   * The share of the work done (0–1) when done/total is coarser than the work: a crawl's sites are
   * crawled in parallel and mostly finish near the end. The bar, percent and ETA use it; the counts
   * stay done/total.
   */
  fraction?: number;
  /** Extra counts shown after the bar ("12 new articles"). */
  detail?: string;
}

export interface Progress {
  update(report: ProgressReport): void;
  /** A line above the bar (activity), or a plain line. */
  line(text: string): void;
  end(): void;
}

export function createProgress(stream: NodeJS.WriteStream, label: string, now: () => number = Date.now): Progress {
  const startedAt = now();
  const tty = Boolean(stream.isTTY);
  let shown = '';
  let barVisible = false;
  const share = (report: ProgressReport) => {
    // A fraction that is no number (a daemon of an earlier version sends no work figure) falls back to the counts.
    const ratio = Number.isFinite(report.fraction) ? report.fraction! : report.total > 0 ? report.done / report.total : 0;
    return Math.min(1, Math.max(0, ratio));
  };
  const eta = (report: ProgressReport) => {
    const ratio = share(report);
    if (ratio <= 0 || report.total <= 0) return '--';
    const elapsed = now() - startedAt;
    return formatEta((elapsed / ratio) * (1 - ratio));
  };
  const text = (report: ProgressReport, width: number) => {
    const ratio = share(report);
    const percent = Math.floor(100 * ratio);
    const tail = `${report.done}/${report.total} ${String(percent).padStart(3)}% ETA ${eta(report)}${report.detail ? `  ${report.detail}` : ''}`;
    const barWidth = Math.max(10, Math.min(30, width - label.length - tail.length - 3));
    return `${label} ${progressBar(ratio, 1, barWidth)} ${tail}`.slice(0, Math.max(20, width - 1));
  };
  let last: ProgressReport | null = null;
  const draw = () => {
    if (!last) return;
    stream.write(`\r\x1b[2K${text(last, stream.columns || 80)}`);
    barVisible = true;
  };
  return {
    update(report) {
      last = report;
      if (tty) return draw();
      // Plain: a line when the counts change, never the same line twice.
      const line = `${label}: ${report.done}/${report.total} done${report.detail ? `, ${report.detail}` : ''}`;
      if (line !== shown) stream.write(`${line}\n`);
      shown = line;
    },
    line(message) {
      if (tty && barVisible) stream.write('\r\x1b[2K');
      stream.write(`${message}\n`);
      if (tty) draw();
    },
    end() {
      if (tty && barVisible) stream.write('\n');
      barVisible = false;
    },
  };
}
