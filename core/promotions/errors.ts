import { errorsOf } from "../shared/errors.ts";
import { textsOf } from "../shared/text.ts";
import type { PromotionRefusal } from "./rules.ts";

export type PromotionErrorCode = "promotions.unknown_code" | "promotions.not_applicable" | "promotions.used_up" | "promotions.used_by_you";

export class PromotionError extends errorsOf<PromotionErrorCode>({
  "promotions.unknown_code": 404,
  "promotions.not_applicable": 409,
  // Taken by another checkout at the same moment: the order is not placed, nothing is charged.
  "promotions.used_up": 409,
  "promotions.used_by_you": 409,
}) {}

/** What a code that does not apply says, by why (texts/messages/<locale>/cart.json). */
export const promotionText = textsOf({
  "cart.domain.promoUnknown": ["code"],
  "cart.domain.promoNotStarted": ["code"],
  "cart.domain.promoExpired": ["code"],
  "cart.domain.promoPaused": ["code"],
  "cart.domain.promoUsedUp": ["code"],
  "cart.domain.promoUsedByYou": ["code"],
  "cart.domain.promoNotForYou": ["code"],
  "cart.domain.promoFirstOrder": ["code"],
  "cart.domain.promoMinimum": ["code", "minimum"],
  "cart.domain.promoNothingCovered": ["code"],
});

const REFUSAL_TEXT = {
  not_started: "cart.domain.promoNotStarted",
  expired: "cart.domain.promoExpired",
  paused: "cart.domain.promoPaused",
  used_up: "cart.domain.promoUsedUp",
  used_by_you: "cart.domain.promoUsedByYou",
  not_for_you: "cart.domain.promoNotForYou",
  first_order_only: "cart.domain.promoFirstOrder",
  nothing_covered: "cart.domain.promoNothingCovered",
} as const satisfies Record<Exclude<PromotionRefusal, "min_subtotal">, keyof typeof promotionText.table>;

export const unknownCode = (code: string) => new PromotionError("promotions.unknown_code", promotionText("cart.domain.promoUnknown", { code }));

/** A code's refusal: `minimum` is the promotion's minimum, as the page writes money ("$100.00"). */
export function codeRefused(code: string, why: PromotionRefusal, minimum: string): PromotionError {
  if (why === "min_subtotal") return new PromotionError("promotions.not_applicable", promotionText("cart.domain.promoMinimum", { code, minimum }));
  const status: PromotionErrorCode = why === "used_up" ? "promotions.used_up" : why === "used_by_you" ? "promotions.used_by_you" : "promotions.not_applicable";
  return new PromotionError(status, promotionText(REFUSAL_TEXT[why], { code }), { why });
}
