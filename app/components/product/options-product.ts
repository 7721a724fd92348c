import type { VariantOption } from "../../../core/catalog/rules.ts";

export interface OptionsProduct {
  id: number;
  slug: string;
  name: string;
  variants: VariantOption[];
  /** A limited drop's limit per customer (ADR 0033), shown by Add to Cart; the server holds it. */
  limitPerCustomer?: number | null;
  /** Only account holders may buy it (ADR 0033): a guest is offered "Sign in to buy" instead of Add to Cart. */
  signInRequired?: boolean;
}

/** The limit per customer that applies to the choice: the variant's own when it is lower, else the product's. */
export function limitOf(product: OptionsProduct, variant: VariantOption | null): number | null {
  const own = variant && "limitPerCustomer" in variant ? ((variant as { limitPerCustomer?: number | null }).limitPerCustomer ?? null) : null;
  const limits = [product.limitPerCustomer ?? null, own].filter((n): n is number => n !== null);
  return limits.length ? Math.min(...limits) : null;
}

export interface Selection {
  size: string | null;
  color: string | null;
  variant: VariantOption | null;
}
