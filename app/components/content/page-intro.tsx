import type { ReactNode } from "react";

/**
 * The top band of a content page, holding its one <h1>. Always black with white text (a fixed
 * dark band in both colour schemes, so the gold eyebrow keeps its contrast).
 */
export function PageIntro({
  eyebrow,
  title,
  lede,
  children,
}: {
  eyebrow?: string;
  title: string;
  lede: string;
  children?: ReactNode;
}) {
  return (
    <div className="bg-black text-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20 lg:py-24">
        {eyebrow ? <p className="text-sm font-bold uppercase tracking-[0.2em] text-gold">{eyebrow}</p> : null}
        <h1 className="font-display text-display font-black mt-3 max-w-4xl wrap-break-word">{title}</h1>
        <p className="mt-6 max-w-2xl text-lede text-white/85">{lede}</p>
        {children}
      </div>
    </div>
  );
}
