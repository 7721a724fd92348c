import { useId } from "react";
import { starParts } from "../../../core/catalog/rules.ts";

const STAR = "M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z";

/** Read-only stars with halves; the count and average are given in text for screen readers. */
export function StarRating({ average, count, size = 16 }: { average: number; count: number; size?: number }) {
  const id = useId();
  const { full, half, empty } = starParts(average);
  const label = count > 0 ? `Rated ${average.toFixed(1)} out of 5, ${count} ${count === 1 ? "review" : "reviews"}` : "No reviews yet";
  const kinds = [...Array(full).fill("full"), ...(half ? ["half"] : []), ...Array(empty).fill("empty")] as string[];
  return (
    <div className="flex items-center gap-1" role="img" aria-label={label}>
      <svg width={size * 5} height={size} viewBox="0 0 120 24" aria-hidden="true">
        <defs>
          <linearGradient id={`${id}-half`}>
            <stop offset="50%" stopColor="#d99a00" />
            <stop offset="50%" stopColor="transparent" />
          </linearGradient>
        </defs>
        {kinds.map((kind, i) => (
          <path
            key={i}
            d={STAR}
            transform={`translate(${i * 24} 0)`}
            fill={kind === "full" ? "#d99a00" : kind === "half" ? `url(#${id}-half)` : "transparent"}
            stroke="#a87600"
            strokeWidth="1.2"
            data-star={kind}
          />
        ))}
      </svg>
      <span className="text-xs text-muted" aria-hidden="true">
        {count > 0 ? `${average.toFixed(1)} (${count})` : "No reviews yet"}
      </span>
    </div>
  );
}
