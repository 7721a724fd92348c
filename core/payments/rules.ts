/** Pure card rules for the store's own card form (test mode). No database. */

/** The Luhn checksum every real card number satisfies; catches most typos. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
    double = !double;
  }
  return sum % 10 === 0;
}

export type CardBrand = "visa" | "mastercard" | "amex" | "discover" | "unknown";

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return "visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "mastercard";
  if (/^3[47]/.test(digits)) return "amex";
  if (/^(6011|65|64[4-9])/.test(digits)) return "discover";
  return "unknown";
}

export const BRAND_LABEL: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  unknown: "Card",
};

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expYear < year || (expYear === year && expMonth < month);
}

/** "Visa ending in 4242" */
export function maskedCard(brand: string | null, last4: string | null): string {
  if (!last4) return BRAND_LABEL[brand ?? "unknown"] ?? "Card";
  return `${BRAND_LABEL[brand ?? "unknown"] ?? "Card"} ending in ${last4}`;
}

/**
 * The test processor's behaviour, after the usual test numbers: 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds, every other number that passes Luhn is charged.
 */
export const TEST_CARD_OUTCOMES: Record<string, { code: string; message: string }> = {
  "4000000000000002": { code: "card_declined", message: "Your card was declined." },
  "4000000000009995": { code: "insufficient_funds", message: "Your card has insufficient funds." },
};
