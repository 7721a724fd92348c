/*
 * A drop's line as each app process pictures it, and the doors that answer from the picture (ADR 0040). On a
 * drop's biggest minute thousands wait at once: a full product page per visitor, or a database read per status
 * check, spends the stores' capacity on people who cannot buy yet. So each process keeps one picture of the
 * running lines (which drops, sold out or not, the numbers still waiting), read in one statement at most twice
 * a second while anyone asks, and moves each line (admits whoever is due) just before it reads. With it:
 * - a product page asked for by someone who should wait is answered by the light waiting page, never a full
 *   render (waitingRoomDoor);
 * - the waiting page's status checks are answered from the signed place in the visitor's cookie and the
 *   picture: no session, no database (lineStatusFromPicture);
 * - an add posted as a page by someone still waiting is sent back to the line (waitingAddDoor).
 * Whatever the picture says, every add and every checkout checks the pass in the database (core/queue).
 * What the picture cannot answer (a join, a place read from the database) goes through the process's line lane:
 * a few at once, the rest in arrival order, so the crowd arriving in the opening seconds never holds every
 * database connection and the whole event loop while those let in are buying.
 *
 * The picture is server/line-board.ts; each door has a file of its own (waiting-room-door.ts, line-status.ts,
 * waiting-add-door.ts).
 */

export { LINE_LANE_WIDTH, LINE_PICTURE_MS, LineBoard, placesOf, type LineDoorOptions } from "./line-board.ts";
export { waitingRoomDoor, type RenderWaitingPage, type WaitingPageView, type WaitingRoomDoorOptions } from "./waiting-room-door.ts";
export { lineStatusFromPicture } from "./line-status.ts";
export { waitingAddDoor } from "./waiting-add-door.ts";
