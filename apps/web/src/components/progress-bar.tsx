/** How far a long piece of work has got (a share from 0 to 100), for screen readers as a progressbar. */
export function ProgressBar({ label, share }: { label: string; share: number }) {
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={share}
      className="h-2 w-full overflow-hidden rounded-full border border-border bg-muted"
    >
      <div className="h-full bg-primary transition-[width]" style={{ width: `${share}%` }} />
    </div>
  );
}
