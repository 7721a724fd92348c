/** A message under an order form's field, named by the field's aria-describedby. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="mt-1 text-sm font-semibold text-danger">
      {message}
    </p>
  ) : null;
}

