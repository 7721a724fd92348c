import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../../core/cart/rules.ts";
import { cartText, customerLimitReached, insufficientStock } from "../../core/cart/index.ts";
import { SOLD_OUT_REFUNDED } from "../../core/checkout/index.ts";
import { CHECKOUT_MESSAGES } from "../../tests/messages.ts";
import { planReorder, TICKETS_SENT_NOTE } from "../../core/orders/rules.ts";
import { maskedCard, TEST_CARD_OUTCOMES } from "../../core/payments/rules.ts";
import { recordedText } from "../../texts/index.ts";
import { localizeText, sayText } from "./i18n.server.ts";

const spanish = new Request("http://store.test/es/checkout");
const english = new Request("http://store.test/checkout");

describe("what the store recorded in English, on a Spanish page", () => {
  it("is in the catalogue: an order's notes, a checkout's failures, the card it was paid with", () => {
    const texts = [
      CHECKOUT_MESSAGES.paymentFailed,
      CHECKOUT_MESSAGES.reservationExpired,
      SOLD_OUT_REFUNDED,
      ...Object.values(TEST_CARD_OUTCOMES).map((o) => o.message),
      TICKETS_SENT_NOTE,
      "Payment received",
      "Order placed",
    ];
    const untranslated = texts.filter((text) => recordedText("es", text) === text);
    expect(untranslated).toEqual([]);
    expect(recordedText("es", maskedCard("visa", "4242"))).toBe("Visa terminada en 4242");
    expect(recordedText("en", maskedCard("visa", "4242"))).toBe("Visa ending in 4242");
  });
});

describe("the domain's texts on a Spanish page", () => {
  it("keep their values: stock left, what the cart holds, the item's name, its colour in Spanish", () => {
    // core/cart/errors.ts insufficientStock's three wordings.
    expect(localizeText(spanish, insufficientStock("Harlem Classic Tee", "M", "Black", 2, 0))).toBe("Solo quedan 2 de Harlem Classic Tee (M, Negro).");
    expect(localizeText(spanish, insufficientStock("Harlem Classic Tee", "M", "Black", 1, 0))).toBe("Solo queda 1 de Harlem Classic Tee (M, Negro).");
    expect(localizeText(spanish, insufficientStock("Uptown Hoodie", "L", null, 3, 2))).toBe("Solo quedan 3 de Uptown Hoodie (L), y tu carrito ya tiene 2.");
    expect(localizeText(spanish, insufficientStock("Harlem Classic Tee", "S", "White", 0, 0))).toBe("Harlem Classic Tee (S, Blanco) está agotado.");
    expect(localizeText(spanish, cartText("cart.domain.lineLimit", { max: MAX_LINE_QUANTITY }))).toBe(`Puedes tener como máximo ${MAX_LINE_QUANTITY} de un mismo artículo en tu carrito.`);
  });

  it("name an item's colour in Spanish wherever core wrote it, and nothing else in its name", () => {
    const refusal = insufficientStock("Harlem Classic Tee", "M", "Heather Gray", 0, 0);
    expect(localizeText(spanish, refusal)).toBe("Harlem Classic Tee (M, Gris jaspeado) está agotado.");
    expect(localizeText(spanish, insufficientStock("Black Tag Cap", null, "Black", 2, 1))).toBe("Solo quedan 2 de Black Tag Cap (Negro), y tu carrito ya tiene 1.");
    expect(localizeText(spanish, insufficientStock("Uptown Sessions Vinyl", null, null, 0, 0))).toBe("Uptown Sessions Vinyl está agotado.");
    // A colour the catalogue has no Spanish for is shown as stored; English pages keep core's words.
    expect(localizeText(spanish, insufficientStock("Tee", "S", "Ultraviolet", 0, 0))).toBe("Tee (S, Ultraviolet) está agotado.");
    expect(localizeText(english, refusal)).toBe("Harlem Classic Tee (M, Heather Gray) is out of stock.");
  });

  it("say why a reordered line was not added", () => {
    const plan = planReorder(
      [
        { variantId: 1, name: "Tee", size: "M", color: "Black", quantity: 3 },
        { variantId: 2, name: "Cap", size: null, color: null, quantity: 3 },
        { variantId: 3, name: "Hoodie", size: "L", color: null, quantity: 2 },
        { variantId: null, name: "Old Tee", size: null, color: null, quantity: 1 },
      ],
      new Map([
        [1, { sellable: true, available: 2, inCart: 0 }],
        [2, { sellable: true, available: 5, inCart: 1 }],
        [3, { sellable: true, available: 0, inCart: 0 }],
      ]),
      3,
    );
    const messages = plan.outcomes.flatMap((o) => (o.message ? [o.message] : []));
    expect(messages.length).toBe(4);
    expect(messages.map((m) => sayText(spanish, m))).toEqual([
      "Tee (M / Negro): agregamos 2 de 3; solo hay 2 en existencia.",
      "Cap: agregamos 2 de 3; tu carrito aguanta como máximo 3 de un mismo artículo.",
      "Hoodie (L) está agotado.",
      "Old Tee ya no está disponible.",
    ]);
  });

  it("are English on English pages; a sentence that is no text of the catalogue is shown as written", () => {
    expect(localizeText(english, "checkout.domain.paymentFailed")).toBe("Payment failed");
    expect(localizeText(spanish, "checkout.domain.paymentFailed")).not.toBe("Payment failed");
    expect(localizeText(spanish, "A message nobody wrote down.")).toBe("A message nobody wrote down.");
    expect(recordedText("es", "A note an administrator typed.")).toBe("A note an administrator typed.");
  });
});

describe("a domain error on a page", () => {
  it("is worded from its text in the page's language, the item's colour named there, and in English for logs", () => {
    const out = insufficientStock("Harlem Classic Tee", "M", "Heather Gray", 0, 0);
    expect(out.message).toBe("Harlem Classic Tee (M, Heather Gray) is out of stock.");
    expect(localizeText(english, out)).toBe("Harlem Classic Tee (M, Heather Gray) is out of stock.");
    expect(localizeText(spanish, out)).toBe("Harlem Classic Tee (M, Gris jaspeado) está agotado.");
    expect(localizeText(spanish, insufficientStock("Black Tag Cap", null, "Black", 2, 1))).toBe("Solo quedan 2 de Black Tag Cap (Negro), y tu carrito ya tiene 1.");
    expect(localizeText(spanish, insufficientStock("Harlem Classic Tee", "M", "Black", 1, 0))).toBe("Solo queda 1 de Harlem Classic Tee (M, Negro).");
    expect(localizeText(spanish, customerLimitReached({ name: "Tee", size: "S", color: "Ultraviolet" }, 1, 1))).toBe("Puedes comprar como máximo 1 Tee (S, Ultraviolet) por cliente.");
  });
});
