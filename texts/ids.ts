import type en from "./messages/en.ts";

/** Every text of the store, by id; English is the reference catalogue and Spanish has the same ids. */
export type Messages = typeof en;
export type MessageId = keyof Messages;

/** Texts with values in them: `t("shop.results", { count })`. */
export type Translate = (id: MessageId, values?: Record<string, string | number>) => string;
