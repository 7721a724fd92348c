import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { testCharges, testRefunds } from "../../db/schema/index.ts";
import { newToken } from "../shared/ids.ts";
import { PaymentError, paymentsText } from "./errors.ts";
import type { PaymentOutcome, PaymentProvider, PaymentRequest } from "./provider.ts";
import { cardBrand, isExpired, passesLuhn, TEST_CARD_OUTCOMES } from "./rules.ts";

/**
 * The local card processor (PAYMENT_PROVIDER=test): the store works end to end with no money moving.
 * It keeps its ledger in test_charges, one charge per idempotency key, and never stores the number.
 */
export function createTestProvider(db: Db, now: () => Date = () => new Date()): PaymentProvider {
  // The ledger is the provider's memory: a charge exists under a key exactly when its row committed.
  const chargeOutcome = async (idempotencyKey: string): Promise<PaymentOutcome | { status: "none" }> => {
    const [charge] = await db.select().from(testCharges).where(eq(testCharges.idempotencyKey, idempotencyKey));
    if (!charge) return { status: "none" };
    if (charge.status === "failed") {
      return { status: "failed", paymentId: charge.id, code: charge.failureCode ?? "card_declined", message: charge.failureMessage ?? "Payment failed" };
    }
    return { status: "succeeded", paymentId: charge.id, brand: charge.brand, last4: charge.last4 };
  };
  return {
    name: "test",

    async startPayment(request: PaymentRequest): Promise<PaymentOutcome> {
      const card = request.card;
      if (!card) throw new PaymentError("payment.card_required", paymentsText("checkout.cardMissing"));
      const digits = card.number.replace(/\D/g, "");
      const last4 = digits.slice(-4);
      const brand = cardBrand(digits);
      let failure: { code: string; message: string } | undefined = TEST_CARD_OUTCOMES[digits];
      if (!passesLuhn(digits)) failure = { code: "incorrect_number", message: "Your card number is invalid." };
      else if (isExpired(card.expMonth, card.expYear, now())) failure = { code: "expired_card", message: "Your card has expired." };

      const id = `ch_test_${newToken(12)}`;
      // One charge per key: a retry finds the first charge's row and answers with it.
      await db
        .insert(testCharges)
        .values({
          id,
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          currency: request.currency,
          status: failure ? "failed" : "succeeded",
          brand,
          last4,
          failureCode: failure?.code ?? null,
          failureMessage: failure?.message ?? null,
        })
        .onConflictDoNothing({ target: testCharges.idempotencyKey });
      const outcome = await chargeOutcome(request.idempotencyKey);
      if (outcome.status === "none") throw new Error("test charge vanished");
      return outcome;
    },

    lookup: ({ idempotencyKey }) => chargeOutcome(idempotencyKey),

    async abandon({ idempotencyKey }) {
      // A canceled entry under the key: a charge asked for later finds it and is refused, as one asked for
      // before it stands (one row per key, whichever came first).
      await db
        .insert(testCharges)
        .values({
          id: `ch_test_${newToken(12)}`,
          idempotencyKey,
          amountCents: 0,
          currency: "USD",
          status: "failed",
          brand: "unknown",
          last4: "",
          failureCode: "canceled",
          failureMessage: "Payment failed",
        })
        .onConflictDoNothing({ target: testCharges.idempotencyKey });
      const outcome = await chargeOutcome(idempotencyKey);
      if (outcome.status === "none") throw new Error("test charge vanished");
      return outcome;
    },

    // Like a real processor's fingerprint: the same number gives the same value, and the number cannot be read back.
    cardFingerprint: (card) => {
      const digits = card.number.replace(/\D/g, "");
      return digits ? createHash("sha256").update(`east-harlem-test-card:${digits}`).digest("hex").slice(0, 32) : null;
    },

    async refund(paymentId: string, amountCents: number, idempotencyKey: string) {
      // One statement: the refund is recorded under its key and added to the charge only while the
      // charge's refunds stay within what was paid (the table's CHECK refuses a race past it).
      const added = await db.execute(sql`
        with ins as (
          insert into ${testRefunds} (idempotency_key, charge_id, amount_cents)
          select ${idempotencyKey}, ${testCharges.id}, ${amountCents} from ${testCharges}
          where ${testCharges.id} = ${paymentId} and ${testCharges.status} = 'succeeded'
            and ${testCharges.refundedCents} + ${amountCents} <= ${testCharges.amountCents}
          on conflict (idempotency_key) do nothing
          returning charge_id, amount_cents
        )
        update ${testCharges} set refunded_cents = ${testCharges.refundedCents} + ins.amount_cents
        from ins where ${testCharges.id} = ins.charge_id
        returning ${testCharges.id}`);
      const rows = (added as unknown as { rows?: unknown[] }).rows ?? (added as unknown as unknown[]);
      if (rows.length === 0) {
        const [done] = await db.select().from(testRefunds).where(eq(testRefunds.idempotencyKey, idempotencyKey));
        // Asked again under the same key: the first refund stands, nothing changes.
        if (!done) {
          const [existing] = await db.select().from(testCharges).where(eq(testCharges.id, paymentId));
          if (!existing || existing.status !== "succeeded") {
            throw new PaymentError("payment.refund_failed", paymentsText("checkout.domain.noPaymentToRefund"), { paymentId });
          }
          throw new PaymentError("payment.refund_failed", paymentsText("checkout.domain.refundExceedsPaid"), { paymentId, amountCents });
        }
      }
      return { refundId: `re_test_${createHash("sha256").update(idempotencyKey).digest("base64url").slice(0, 16)}` };
    },

    async cancel() {
      // Test charges are taken at once; there is nothing pending to abandon.
    },
  };
}
