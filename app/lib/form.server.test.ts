import { describe, expect, it } from "vitest";
import { REQUEST_MESSAGES as MESSAGES } from "../../tests/messages.ts";
import { readForm, readFormWithUpload } from "./form.server.ts";

// The form reader checks again what the HTTP layer refuses first: an action reached some other way (a
// development server, a test harness) still never reads broken bytes as replacement characters.

const BAD = [0xc3, 0x28, 0xff, 0xfe];
const post = (body: BodyInit, headers: Record<string, string> = {}) => new Request("http://store.test/profile", { method: "POST", body, headers });

async function refusal(reading: Promise<unknown>): Promise<{ status: number; error: string }> {
  const thrown = await reading.then(
    () => null,
    (error: unknown) => error,
  );
  // What an action throws for React Router to answer: data({ error }, { status }).
  const answer = thrown as { data?: { error?: string }; init?: { status?: number } } | null;
  if (!answer?.init) throw new Error("the form was read");
  return { status: answer.init.status!, error: answer.data!.error! };
}

describe("reading a form", () => {
  it("refuses text that is not UTF-8, urlencoded or multipart, with a 400 and the reason", async () => {
    const urlencoded = post(Uint8Array.from([...Buffer.from("intent=profile&firstName="), ...BAD]), { "Content-Type": "application/x-www-form-urlencoded" });
    expect(await refusal(readForm(urlencoded))).toEqual({ status: 400, error: MESSAGES.invalidUtf8 });
    expect(await refusal(readForm(post("intent=profile&firstName=%C3%28%FF%FE", { "Content-Type": "application/x-www-form-urlencoded" })))).toEqual({ status: 400, error: MESSAGES.invalidUtf8 });

    const form = new FormData();
    form.append("title", "MARK");
    form.append("image", new Blob([Uint8Array.from(BAD)]), "photo.jpg");
    const made = post(form);
    const bytes = Buffer.from(await made.arrayBuffer());
    const at = bytes.indexOf("MARK");
    const broken = Uint8Array.from([...bytes.subarray(0, at), ...BAD, ...bytes.subarray(at + 4)]);
    expect(await refusal(readFormWithUpload(post(broken, { "Content-Type": made.headers.get("content-type")! }), "image"))).toEqual({ status: 400, error: MESSAGES.invalidUtf8 });
  });

  it("reads text in any language, and a file's bytes as they were sent", async () => {
    expect(await readForm(post("firstName=Jos%C3%A9&note=%F0%9F%8E%A4", { "Content-Type": "application/x-www-form-urlencoded" }))).toEqual({ firstName: "José", note: "🎤" });
    const form = new FormData();
    form.append("title", "Señora");
    form.append("image", new Blob([Uint8Array.from(BAD)]), "photo.jpg");
    const read = await readFormWithUpload(post(form), "image");
    expect(read.fields).toEqual({ title: "Señora" });
    expect([...read.file!.bytes]).toEqual(BAD);
  });
});
