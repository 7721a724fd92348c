import { z } from "zod";
import { fieldTextsOf } from "../shared/text.ts";

const field = fieldTextsOf({ "cart.domain.queuePlaceInvalid": [] });

/**
 * A queue token as it travels (a cookie, the app's Queue-Ticket header): `id.signature`, both base64url. Its
 * form only: whether the signature holds is tokens.verifyTicket's to say. (The back office's waiting-room
 * fields are the product form's, core/catalog/inputs.ts.)
 */
export const queueTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{22,64}\.[A-Za-z0-9_-]{43}$/, field("cart.domain.queuePlaceInvalid"));
