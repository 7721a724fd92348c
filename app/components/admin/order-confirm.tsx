import { Form, Link } from "../../i18n/index.ts";
import { secondaryButton } from "../account/page-shell.tsx";

/** Cancel and refund ask first: the fields to send again with confirm=yes, and what will happen. */
export interface OrderConfirmation {
  summary: string;
  fields: Record<string, string>;
}

/** The second step of a cancel or a refund: sends the same fields again with confirm=yes. Works without JavaScript. */
export function OrderConfirm({ confirm }: { confirm: OrderConfirmation }) {
  return (
    <div role="alertdialog" aria-labelledby="confirm-title" aria-describedby="confirm-summary" className="mt-6 rounded border-2 border-danger bg-card p-4">
      <h2 id="confirm-title" className="font-display text-xl">
        Please confirm
      </h2>
      <p id="confirm-summary" className="mt-2">
        {confirm.summary}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <Form method="post">
          {Object.entries(confirm.fields).map(([k, v]) => (
            <input key={k} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="confirm" value="yes" />
          <button type="submit" className="inline-flex min-h-11 items-center justify-center rounded bg-danger px-5 py-2 font-semibold text-white">
            Yes, {confirm.fields.intent === "cancel" ? "cancel the order" : "refund"}
          </button>
        </Form>
        <Link to="." className={secondaryButton}>
          No, go back
        </Link>
      </div>
    </div>
  );
}

