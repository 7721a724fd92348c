import type { Card } from "../../../core/content/index.ts";

/** A grid of text cards (values, cultural impact), each titled with an <h3>. */
export function InfoCardGrid({ cards, columns = 3 }: { cards: readonly Card[]; columns?: 3 | 4 }) {
  return (
    <ul className={`grid gap-6 sm:grid-cols-2 ${columns === 4 ? "lg:grid-cols-4" : "lg:grid-cols-3"}`}>
      {cards.map((card, i) => (
        <li key={card.title} className="flex flex-col rounded-lg border border-line bg-card p-6 sm:p-8">
          <span aria-hidden="true" className="font-display font-black text-5xl leading-none text-muted">
            {String(i + 1).padStart(2, "0")}
          </span>
          <h3 className="font-display text-h3 font-black mt-6 wrap-break-word">{card.title}</h3>
          <span aria-hidden="true" className="mt-3 block h-1 w-12 bg-gold" />
          <p className="mt-4 leading-relaxed text-muted">{card.text}</p>
        </li>
      ))}
    </ul>
  );
}
