import { describe, expect, it } from "vitest";
import { MAX_LINE_QUANTITY } from "../../core/cart/rules.ts";
import { customerLimitReached, insufficientStock } from "../../core/cart/index.ts";
import { CARD_MESSAGES, CHECKOUT_MESSAGES } from "../../tests/messages.ts";
import { planReorder, TICKETS_SENT_NOTE } from "../../core/orders/rules.ts";
import { maskedCard, TEST_CARD_OUTCOMES } from "../../core/payments/rules.ts";
import { WISHLIST_MESSAGES } from "../../tests/messages.ts";
import { localizeText, sayText } from "./i18n.server.ts";

const spanish = new Request("http://store.test/es/checkout");
const english = new Request("http://store.test/checkout");

describe("the domain's English messages on a Spanish page", () => {
  it("are all in the catalogue: checkout, cards, payments and wishlists", () => {
    const texts = [
      ...Object.values(CHECKOUT_MESSAGES),
      ...Object.values(CARD_MESSAGES),
      ...Object.values(TEST_CARD_OUTCOMES).map((o) => o.message),
      ...Object.values(WISHLIST_MESSAGES),
      TICKETS_SENT_NOTE,
      "Your cart is empty",
      "That order was not found.",
    ];
    const untranslated = texts.filter((text) => localizeText(spanish, text) === text);
    expect(untranslated).toEqual([]);
  });

  it("keep their values: stock left, what the cart holds, the item's name, its colour in Spanish", () => {
    // core/cart/errors.ts insufficientStock's three wordings.
    expect(localizeText(spanish, "Only 2 of Harlem Classic Tee (M, Black) available.")).toBe("Solo quedan 2 de Harlem Classic Tee (M, Negro).");
    expect(localizeText(spanish, "Only 1 of Harlem Classic Tee (M, Black) available.")).toBe("Solo queda 1 de Harlem Classic Tee (M, Negro).");
    expect(localizeText(spanish, "Only 3 of Uptown Hoodie (L) available, and your cart already has 2.")).toBe(
      "Solo quedan 3 de Uptown Hoodie (L), y tu carrito ya tiene 2.",
    );
    expect(localizeText(spanish, "Harlem Classic Tee (S, White) is out of stock.")).toBe("Harlem Classic Tee (S, Blanco) está agotado.");
    expect(localizeText(spanish, `You can have at most ${MAX_LINE_QUANTITY} of one item in your cart.`)).toBe(
      `Puedes tener como máximo ${MAX_LINE_QUANTITY} de un mismo artículo en tu carrito.`,
    );
    expect(localizeText(spanish, maskedCard("visa", "4242"))).toBe("Visa terminada en 4242");
  });

  it("name an item's colour in Spanish wherever core wrote it, and nothing else in its name", () => {
    // core/cart/errors.ts names an item by its name, then its size and colour; a colour alone, or neither.
    const refusal = "Harlem Classic Tee (M, Heather Gray) is out of stock.";
    expect(localizeText(spanish, refusal)).toBe("Harlem Classic Tee (M, Gris jaspeado) está agotado.");
    expect(localizeText(spanish, "Only 2 of Black Tag Cap (Black) available, and your cart already has 1.")).toBe("Solo quedan 2 de Black Tag Cap (Negro), y tu carrito ya tiene 1.");
    expect(localizeText(spanish, "Uptown Sessions Vinyl is out of stock.")).toBe("Uptown Sessions Vinyl está agotado.");
    // A colour the catalogue has no Spanish for is shown as stored; English pages keep core's words.
    expect(localizeText(spanish, "Tee (S, Ultraviolet) is out of stock.")).toBe("Tee (S, Ultraviolet) está agotado.");
    expect(localizeText(english, refusal)).toBe(refusal);
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

  it("stay as they are on English pages, and when the catalogue lacks the wording", () => {
    expect(localizeText(english, CHECKOUT_MESSAGES.paymentFailed)).toBe("Payment failed");
    expect(localizeText(spanish, "A message nobody wrote down.")).toBe("A message nobody wrote down.");
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
