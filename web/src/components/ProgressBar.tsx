/** A progress bar; the value is shown capped at 0–100; muted for a finished run's figure. */
export function ProgressBar({ value, label, muted = false }: { value: number; label: string; muted?: boolean }) {
  const percent = Math.max(0, Math.min(100, Number.isFinite(value) ? value : 0));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      className="h-2.5 w-full overflow-hidden rounded-full bg-gray-200 dark:bg-gray-700"
    >
      <div
        className={`h-full rounded-full transition-[width] duration-300 ${muted ? 'bg-gray-400 dark:bg-gray-500' : 'bg-blue-600 dark:bg-blue-500'}`}
        style={{ width: `${percent}%` }}
      />
    </div>
  );
}
