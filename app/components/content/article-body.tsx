import type { RenderedPart } from "../../../core/articles/rules.ts";
import { ProductEmbed } from "./product-embed.tsx";
import type { ProductCardData } from "../product/product-card.tsx";

/** Typography for the rendered markdown (no typography plugin: the few elements a story uses). */
const PROSE =
  "space-y-5 text-lg leading-relaxed [&_a]:font-semibold [&_a]:underline [&_a]:underline-offset-4 [&_blockquote]:border-l-4 [&_blockquote]:border-gold [&_blockquote]:pl-4 [&_blockquote]:italic [&_code]:rounded [&_code]:bg-line [&_code]:px-1 [&_h2]:pt-4 [&_h2]:font-display [&_h2]:text-2xl [&_h2]:font-black [&_h3]:pt-2 [&_h3]:font-display [&_h3]:text-xl [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded [&_li]:ml-6 [&_ol]:list-decimal [&_ol]:space-y-2 [&_ul]:list-disc [&_ul]:space-y-2 wrap-break-word";

/**
 * A story's body: HTML the server rendered with raw HTML disabled and links limited to safe schemes
 * (core/articles/markdown.ts), with the embedded products between its runs. A product no longer on sale
 * is left out rather than shown broken.
 */
export function ArticleBody({ parts, products }: { parts: RenderedPart[]; products: Record<string, ProductCardData> }) {
  return (
    <div className={PROSE} data-testid="article-body">
      {parts.map((part, i) => {
        if (part.kind === "html") return <div key={i} className="space-y-5" dangerouslySetInnerHTML={{ __html: part.html }} />;
        const product = products[part.slug];
        return product ? <ProductEmbed key={i} product={product} /> : null;
      })}
    </div>
  );
}
