/** The database handle core's functions take (db/client.ts), for the doors that hand it over to them (app/context.ts). */
export type { Db } from "../../db/client.ts";
