// How long something took or lasts, as people read it: "0.4 s", "12 s", "1 min 18 s", "2 h 5 min".
// Shared by the CLI, the dashboard and the web app (no Node import).

export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return '?';
  // Under ten seconds a tenth still says something; above, it is noise.
  if (seconds < 10) return `${Math.round(seconds * 10) / 10} s`;
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} s`;
  if (whole < 3600) {
    const rest = whole % 60;
    return `${Math.floor(whole / 60)} min${rest ? ` ${rest} s` : ''}`;
  }
  const minutes = Math.round((whole % 3600) / 60);
  return `${Math.floor(whole / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}
