// The promotions module's face (ADR 0049): other code imports it from here only (rules.ts, free of the
// database, may also be imported by browser-bound UI code).
export {
  choosePromotions,
  covers,
  priceCart,
  PROMOTION_KINDS,
  refusalOf,
  spread,
  type AppliedPromotion,
  type PricedCart,
  type Promotion,
  type PromotionKind,
  type PromotionLine,
  type PromotionRefusal,
  type PromotionScope,
  type Shopper,
} from "./rules.ts";
export { codeRefused, PromotionError, promotionText, unknownCode, type PromotionErrorCode } from "./errors.ts";
export { normalizeCode, promotionCandidates, type PromotionCandidate } from "./queries.ts";
export { createPromotion, holdPromotionUses, releasePromotionUses, type PromotionInput, type PromotionUse } from "./commands.ts";
