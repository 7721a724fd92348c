import type { ReactNode } from "react";

export type ButtonTone = "gold" | "ink" | "outline" | "light-outline";

const TONE: Record<ButtonTone, string> = {
  // Gold only ever carries black text (contrast), in both colour schemes.
  gold: "bg-gold text-black hover:bg-[#ffc933]",
  ink: "bg-ink text-paper hover:opacity-90",
  outline: "border-2 border-ink text-ink hover:bg-ink hover:text-paper",
  // For use on the always-dark hero bands.
  "light-outline": "border-2 border-white text-white hover:bg-white hover:text-black",
};

/** Classes for a button or a link styled as one (at least 44px tall: easy to hit). */
export function buttonClass(tone: ButtonTone = "gold", extra = ""): string {
  return `inline-flex min-h-11 items-center justify-center gap-2 rounded px-5 py-2.5 text-center text-sm font-bold uppercase tracking-wider transition-colors ${TONE[tone]} ${extra}`;
}

/**
 * A button whose behaviour the spec leaves open (Play, Read More, RSVP Now, ...). It is a real,
 * focusable button; its accessible name adds the item it belongs to ("Play Playlist: Harlem
 * Classics") while the visible label stays as the spec shows it.
 */
export function ActionButton({
  label,
  item,
  tone = "gold",
  icon,
  className = "",
}: {
  label: string;
  item: string;
  tone?: ButtonTone;
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <button type="button" className={buttonClass(tone, className)}>
      {icon}
      <span>
        {label}
        <span className="sr-only">: {item}</span>
      </span>
    </button>
  );
}

export function PlayIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16" className="shrink-0 fill-current">
      <path d="M4 2.5v11a.5.5 0 0 0 .76.43l9-5.5a.5.5 0 0 0 0-.86l-9-5.5A.5.5 0 0 0 4 2.5Z" />
    </svg>
  );
}

export function ArrowIcon() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 16 16" width="16" height="16" className="shrink-0 fill-current">
      <path d="M9.3 3.3a1 1 0 0 1 1.4 0l4 4a1 1 0 0 1 0 1.4l-4 4a1 1 0 1 1-1.4-1.4L11.6 9H2a1 1 0 1 1 0-2h9.6L9.3 4.7a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
