import type { ReactNode } from "react";

/** A page section labelled by its <h2>. */
export function Section({
  id,
  title,
  eyebrow,
  lede,
  children,
  flush = false,
  className = "",
}: {
  /** No top padding: follows a section that already leaves room. */
  flush?: boolean;
  /** Unique on the page; the heading gets `${id}-title`. */
  id: string;
  title: string;
  eyebrow?: string;
  lede?: string;
  children: ReactNode;
  className?: string;
}) {
  const headingId = `${id}-title`;
  return (
    <section id={id} aria-labelledby={headingId} className={`mx-auto max-w-7xl px-4 pb-14 sm:pb-20 ${flush ? "" : "pt-14 sm:pt-20"} ${className}`}>
      {eyebrow ? <p className="text-sm font-bold uppercase tracking-[0.2em] text-muted">{eyebrow}</p> : null}
      <SectionHeading id={headingId}>{title}</SectionHeading>
      {lede ? <p className="mt-4 max-w-2xl text-lede text-muted">{lede}</p> : null}
      <div className="mt-10">{children}</div>
    </section>
  );
}

/** Steps of the type scale (app.css): a section's heading, or a statement set at the intro band's size. */
const HEADING_SIZE = {
  md: "text-h2",
  lg: "text-h2",
  xl: "text-display",
} as const;

export function SectionHeading({
  id,
  children,
  size = "lg",
}: {
  id: string;
  children: ReactNode;
  size?: keyof typeof HEADING_SIZE;
}) {
  return <h2 id={id} className={`font-display font-black mt-2 wrap-break-word ${HEADING_SIZE[size]}`}>{children}</h2>;
}

/** A small uppercase label (category, kind of event). Brick with white text: contrast in both schemes. */
export function Tag({ children }: { children: ReactNode }) {
  return <span className="inline-block rounded-sm bg-brick px-2 py-1 text-xs font-bold uppercase tracking-wider text-white">{children}</span>;
}
