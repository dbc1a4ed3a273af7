/**
 * The form-level error box ('Error de inicio de sesión' + message), announced to screen readers.
 * `refused`: the post was refused for its fields alone; the box still says what failed, in the
 * specification's words ('Error al actualizar la reseña'), above the fields' own messages.
 */
export function FormErrorAlert({
  title,
  errors,
  id,
  refused = false,
}: {
  title: string;
  errors?: string[];
  id?: string;
  refused?: boolean;
}) {
  if (!errors?.length && !refused) return null;
  return (
    <div
      id={id}
      role="alert"
      className="border-danger/40 bg-danger/10 mb-4 rounded-lg border p-3 text-sm"
    >
      <p className="text-danger font-semibold">{title}</p>
      {errors?.map((error) => (
        <p key={error} className="text-fg">
          {error}
        </p>
      ))}
    </div>
  );
}
