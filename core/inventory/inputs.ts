import { z } from "zod";
import type { MovementType } from "../../db/schema/catalog.ts";
import { fieldTextsOf } from "../shared/text.ts";

/** Form schemas of the admin inventory screens. Free of the database: browser-bound UI may import it. */

/** Their field messages: ids of the catalogue (texts/messages, admin.json). */
const field = fieldTextsOf({
  "admin.domain.inventoryReasonRequired": [],
  "admin.domain.inventoryReasonMax": ["max"],
  "admin.domain.inventoryRestockUnits": [],
  "admin.domain.inventoryCountedUnits": [],
});

const reason = z
  .string()
  .trim()
  .min(1, field("admin.domain.inventoryReasonRequired"))
  .max(200, field("admin.domain.inventoryReasonMax"));

const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{1,7}$/, message)
    .transform(Number);

export const variantIdInput = z.coerce.number().int().positive().max(2_147_483_647);

export const restockInput = z.object({
  quantity: wholeNumber(field("admin.domain.inventoryRestockUnits")).refine((n) => n >= 1, field("admin.domain.inventoryRestockUnits")),
  reason,
});

export const adjustInput = z.object({
  onHand: wholeNumber(field("admin.domain.inventoryCountedUnits")),
  reason,
});

export const acknowledgeInput = z.object({ alertId: variantIdInput });

export const INVENTORY_FILTERS = ["all", "low", "out"] as const;
export type InventoryFilter = (typeof INVENTORY_FILTERS)[number];

const page = z.coerce.number().int().min(1).max(100_000).catch(1);

export const inventoryListInput = z.object({
  filter: z.enum(INVENTORY_FILTERS).catch("all"),
  q: z.string().trim().max(100).catch(""),
  page,
});

/** The movement types a history can be filtered by (the schema's list, restated without importing the database). */
export const MOVEMENT_FILTERS = ["restock", "sale", "reservation", "release", "adjustment"] as const satisfies readonly MovementType[];

export const movementListInput = z.object({
  type: z.enum(["all", ...MOVEMENT_FILTERS]).catch("all"),
  page,
});

export type FieldErrors = Record<string, string>;
