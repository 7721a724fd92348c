import { useNavigation } from "react-router";
import { Form } from "../../i18n/index.ts";
import { primaryButton, secondaryButton } from "../account/page-shell.tsx";

/** Publish or unpublish a story: a plain form posted to /admin/articles (from the list and the edit page). */
export function StatusButton({ id, title, published, redirectTo }: { id: number; title: string; published: boolean; redirectTo?: string }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("id") === String(id);
  return (
    <Form method="post" action="/admin/articles" className="inline">
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="intent" value={published ? "unpublish" : "publish"} />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <button type="submit" className={published ? secondaryButton : primaryButton} disabled={busy}>
        {published ? "Unpublish" : "Publish"}
        <span className="sr-only">: {title}</span>
      </button>
    </Form>
  );
}

