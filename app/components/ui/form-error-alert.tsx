/** The form-level error box ('Error de inicio de sesión' + message), announced to screen readers. */
export function FormErrorAlert({
  title,
  errors,
  id,
}: {
  title: string;
  errors?: string[];
  id?: string;
}) {
  if (!errors?.length) return null;
  return (
    <div
      id={id}
      role="alert"
      className="border-danger/40 bg-danger/10 mb-4 rounded-lg border p-3 text-sm"
    >
      <p className="text-danger font-semibold">{title}</p>
      {errors.map((error) => (
        <p key={error} className="text-fg">
          {error}
        </p>
      ))}
    </div>
  );
}
