import type { Request, Response } from "express";
import type { Logger } from "pino";
import { handlePaymentEvent, type CheckoutDeps } from "../core/checkout/index.ts";
import { PaymentError, type PaymentWebhooks } from "../core/payments/index.ts";

export interface PaymentWebhookOptions {
  deps: CheckoutDeps;
  webhooks: PaymentWebhooks;
  log: Logger;
}

/**
 * POST /api/webhooks/stripe. The body arrives raw (express.raw on this path only): the signature is over
 * those exact bytes. 400 for a body whose signature does not hold (nothing is read from it); 200 once the
 * event is handled or known already (Stripe stops sending it); 500 when the store could not act on it
 * (nothing was recorded, and Stripe delivers it again later).
 */
export function paymentWebhookHandler(options: PaymentWebhookOptions) {
  const { deps, webhooks, log } = options;
  return async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", "no-store");
    const body: unknown = req.body;
    if (!Buffer.isBuffer(body)) {
      res.status(400).json({ error: "Expected a JSON body" });
      return;
    }
    let event;
    try {
      event = await webhooks.verify(body, req.get("stripe-signature"));
    } catch (error) {
      if (error instanceof PaymentError && error.code === "payment.webhook_invalid") {
        log.warn({ reason: error.message }, "payment webhook refused");
        res.status(400).json({ error: error.message });
        return;
      }
      throw error;
    }
    try {
      const outcome = await handlePaymentEvent(deps, event);
      log.info({ eventId: event.id, type: event.providerType, outcome: outcome.kind }, "payment webhook");
      // The confirmation mail was queued in the transaction that created the order.
      res.status(200).json({ received: true, outcome: outcome.kind });
    } catch (err) {
      log.error({ err, eventId: event.id, type: event.providerType }, "payment webhook could not be handled");
      res.status(500).json({ error: "The event could not be handled; it will be retried." });
    }
  };
}
